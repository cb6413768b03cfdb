import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { ARTICLE_TYPES } from '../../../contract/writing';
import { writingText } from '../../../i18n/writing.zh-CN';
import { splitTags } from '../../../lib/browser/writingDraft';
import { $editor, changeDraft, moveArticle } from '../../../stores/articleEditor';
import { $taxonomies } from '../../../stores/writingLists';
import ConfirmButton from '../../shared/ConfirmButton';
import CoverField from './CoverField';
import DateTimeField from './DateTimeField';
import Field from './Field';
import HistoryPanel from './HistoryPanel';
import styles from './Writing.module.scss';

const text = writingText;
const confirmClasses = { box: styles.confirm, danger: styles.danger };
/** The fields in the panel, by the names the checks give their problems. */
const SETTINGS_FIELDS = ['category', 'tags', 'date', 'cover', 'description', 'origin_url'];

interface Props {
  /** The tags as typed, kept by the editor so a new revision can bring its own. */
  tagsTyped: string;
  setTagsTyped: (typed: string) => void;
  uploadCover: (files: File[]) => void;
}

/**
 * 文章设置: everything but the title and the body, beside the writing on a wide screen (as Ghost's
 * and WordPress's side panels), folded under it on a phone until opened.
 */
export default function ArticleSettings({ tagsTyped, setTagsTyped, uploadCover }: Props) {
  const { draft, problems, id, status, file } = useStore($editor);
  const taxonomies = useStore($taxonomies);
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const unusedTags = (taxonomies?.tags ?? [])
    .map((t) => t.name)
    .filter((name) => !draft.tags.includes(name))
    .slice(0, 12);
  // A problem in a folded field opens the fold, so the owner sees what to fix.
  const shown = open || SETTINGS_FIELDS.some((field) => problems[field]);

  return (
    <aside className={styles.settings} aria-label={text.settings} data-open={shown}>
      <h2 className={styles.settingsHeading}>{text.settings}</h2>
      <button
        type="button"
        className={styles.settingsToggle}
        aria-expanded={shown}
        aria-controls={bodyId}
        onClick={() => setOpen(!shown)}
      >
        {text.settings}
      </button>
      <div id={bodyId} className={styles.settingsBody}>
        <Field label={text.category} problem={problems.category}>
          <input
            value={draft.category}
            onChange={(e) => changeDraft({ category: e.target.value })}
            list="writing-categories"
          />
        </Field>
        <datalist id="writing-categories">
          {taxonomies?.categories.map((c) => (
            <option key={c.name} value={c.name} />
          ))}
        </datalist>
        <Field label={text.tags} problem={problems.tags} hint={text.tagsHint}>
          <input
            value={tagsTyped}
            onChange={(e) => {
              setTagsTyped(e.target.value);
              changeDraft({ tags: splitTags(e.target.value) });
            }}
          />
        </Field>
        {unusedTags.length > 0 && (
          <div className={styles.chips} role="group" aria-label={text.pickTags}>
            <span className={styles.hint}>{text.pickTags}：</span>
            {unusedTags.map((tag) => (
              <button
                key={tag}
                type="button"
                className={styles.chip}
                onClick={() => {
                  const tags = [...draft.tags, tag];
                  setTagsTyped(tags.join(', '));
                  changeDraft({ tags });
                }}
              >
                ＋{tag}
              </button>
            ))}
          </div>
        )}
        <DateTimeField value={draft.date} problem={problems.date} onChange={(date) => changeDraft({ date })} />
        <CoverField
          cover={draft.cover}
          file={file}
          problem={problems.cover}
          onFiles={uploadCover}
          onRemove={() => changeDraft({ cover: '' })}
        />
        <Field label={text.description} problem={problems.description} hint={text.descriptionHint}>
          <textarea rows={3} value={draft.description} onChange={(e) => changeDraft({ description: e.target.value })} />
        </Field>
        <Field label={text.type}>
          <select value={draft.type} onChange={(e) => changeDraft({ type: e.target.value as typeof draft.type })}>
            {ARTICLE_TYPES.map((type) => (
              <option key={type} value={type}>
                {text.types[type]}
              </option>
            ))}
          </select>
        </Field>
        {draft.type !== 'original' && (
          <Field label={text.originUrl} problem={problems.origin_url}>
            <input type="url" value={draft.origin_url} onChange={(e) => changeDraft({ origin_url: e.target.value })} />
          </Field>
        )}
        <div className={styles.checks}>
          <label>
            <input type="checkbox" checked={draft.pinned} onChange={(e) => changeDraft({ pinned: e.target.checked })} />{' '}
            {text.pinned}
          </label>
          <label>
            <input type="checkbox" checked={draft.public} onChange={(e) => changeDraft({ public: e.target.checked })} />{' '}
            {text.public}
          </label>
        </div>
        {id !== null && (
          <div className={styles.buttons}>
            <HistoryPanel />
            {status !== 'trash' && (
              <ConfirmButton
                label={text.trash}
                question={text.confirmTrash}
                onConfirm={() => void moveArticle('trash')}
                classes={confirmClasses}
              />
            )}
          </div>
        )}
      </div>
    </aside>
  );
}
