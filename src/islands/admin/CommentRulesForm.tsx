import { useStore } from '@nanostores/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { HOLD_RULES, keywordList, type CommentRules, type HoldRule } from '../../contract/commentRules';
import { adminText } from '../../i18n/admin.zh-CN';
import { $commentRules, loadCommentRules, saveCommentRules } from '../../stores/admin';
import { $adminBusy } from '../../stores/adminTable';
import styles from './Admin.module.scss';

const text = adminText.rules;

interface Draft {
  guests: boolean;
  hold: HoldRule;
  holdWords: string;
  refuseWords: string;
}

const draftOf = (rules: CommentRules): Draft => ({
  guests: rules.guests,
  hold: rules.hold,
  holdWords: rules.hold_words.join('\n'),
  refuseWords: rules.refuse_words.join('\n'),
});

/** The owner's comment rules: guests, what is held, and the keyword lists. A refused save keeps what was typed. */
export default function CommentRulesForm() {
  const { rules, failed } = useStore($commentRules);
  const busy = useStore($adminBusy) !== null;
  const [draft, setDraft] = useState<Draft | null>(null);
  const id = useId();

  useEffect(() => void loadCommentRules(), []);
  useEffect(() => {
    if (rules && draft === null) setDraft(draftOf(rules));
  }, [rules, draft]);

  if (failed && !draft) {
    return (
      <button type="button" className={styles.retry} onClick={() => void loadCommentRules()}>
        {text.loadFailed}
      </button>
    );
  }
  if (!draft)
    return (
      <p className={styles.quiet} aria-busy="true">
        {adminText.loading}
      </p>
    );

  const change = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });
  async function save(e: FormEvent) {
    e.preventDefault();
    const saved = await saveCommentRules({
      guests: draft!.guests,
      hold: draft!.hold,
      hold_words: keywordList(draft!.holdWords),
      refuse_words: keywordList(draft!.refuseWords),
    });
    if (saved && $commentRules.get().rules) setDraft(draftOf($commentRules.get().rules!));
  }

  return (
    <section className={styles.rules}>
      <form onSubmit={save} className={styles.rulesForm} aria-label={text.title}>
        <label className={styles.inline}>
          <input type="checkbox" checked={draft.guests} onChange={(e) => change({ guests: e.target.checked })} />
          {text.guests}
        </label>
        <fieldset>
          <legend>{text.hold}</legend>
          {HOLD_RULES.map((hold) => (
            <label key={hold} className={styles.inline}>
              <input
                type="radio"
                name={`${id}-hold`}
                value={hold}
                checked={draft.hold === hold}
                onChange={() => change({ hold })}
              />
              {text.holds[hold]}
            </label>
          ))}
        </fieldset>
        <p className={styles.sub}>{text.wordsHint}</p>
        <label htmlFor={`${id}-hold-words`}>
          {text.holdWords}
          <small className={styles.sub}>{text.holdWordsHint}</small>
        </label>
        <textarea
          id={`${id}-hold-words`}
          rows={4}
          value={draft.holdWords}
          onChange={(e) => change({ holdWords: e.target.value })}
        />
        <label htmlFor={`${id}-refuse-words`}>
          {text.refuseWords}
          <small className={styles.sub}>{text.refuseWordsHint}</small>
        </label>
        <textarea
          id={`${id}-refuse-words`}
          rows={4}
          value={draft.refuseWords}
          onChange={(e) => change({ refuseWords: e.target.value })}
        />
        <div>
          <button type="submit" disabled={busy}>
            {text.save}
          </button>
        </div>
      </form>
    </section>
  );
}
