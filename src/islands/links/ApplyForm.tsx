import { useStore } from '@nanostores/react';
import { useId, useState, type FormEvent } from 'react';
import { LINK_DESC_MAX_CHARS, LINK_NAME_MAX_CHARS, LINK_URL_MAX_LENGTH } from '../../contract/limits';
import { linkText } from '../../i18n/links.zh-CN';
import { iconUrlProblem, LINK_FIELDS, linkFormProblems, toLinkDraft, type LinkField } from '../../lib/browser/linkForm';
import { linkUrlProblem } from '../../lib/shared/linkRules';
import { charCount } from '../../lib/shared/text';
import { $linkForm, $linkSubmit, cancelEdit, setLinkField, submitLink } from '../../stores/links';
import IconField from './IconField';
import LinkCard from './LinkCard';
import styles from './Apply.module.scss';

const text = linkText;

/** The form's element id: "修改" in my applications brings the reader back to it. */
export const APPLY_FORM_ID = 'link-apply-form';

/** The application form with a live preview. Problems show once a field is left, or on sending. */
export default function ApplyForm() {
  const form = useStore($linkForm);
  const { busy, tried, refused } = useStore($linkSubmit);
  const [touched, setTouched] = useState<Partial<Record<LinkField, boolean>>>({});
  const [uploading, setUploading] = useState(false);
  const id = useId();
  const fieldId = (field: LinkField) => `${id}-${field}`;

  const problems = linkFormProblems(form);
  const problemOf = (field: LinkField): string | undefined =>
    refused[field] ?? (tried || touched[field] ? problems[field] : undefined);
  const touch = (field: LinkField) => () => setTouched((seen) => (seen[field] ? seen : { ...seen, [field]: true }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy || uploading) return;
    const sent = await submitLink();
    if (sent) {
      setTouched({});
      return;
    }
    // The first field with something to fix takes the focus, so a keyboard user lands on it.
    const { refused: now } = $linkSubmit.get();
    const first = LINK_FIELDS.find((field) => now[field] || linkFormProblems($linkForm.get())[field]);
    if (first) document.getElementById(fieldId(first))?.focus();
  }

  const draft = toLinkDraft(form);
  const iconShown = form.icon === 'url' && iconUrlProblem(draft.site_avatar) ? '' : draft.site_avatar;
  const formProblem = refused.form ?? (tried && Object.keys(problems).length > 0 ? text.fixFirst : '');

  const note = (field: LinkField, counter?: string) => {
    const problem = problemOf(field);
    return (
      <p
        id={`${fieldId(field)}-note`}
        className={problem ? styles.error : styles.hint}
        role={problem ? 'alert' : undefined}
      >
        {problem || counter || ''}
      </p>
    );
  };
  const invalid = (field: LinkField) => (problemOf(field) ? true : undefined);

  return (
    <div className={styles.apply}>
      <form
        id={APPLY_FORM_ID}
        className={`card ${styles.form}`}
        onSubmit={submit}
        noValidate
        aria-labelledby={`${id}-title`}
        aria-busy={busy}
      >
        <h2 id={`${id}-title`}>{form.editing === null ? text.formTitle : text.editTitle}</h2>

        <label htmlFor={fieldId('site_name')}>{text.name}</label>
        <input
          id={fieldId('site_name')}
          value={form.site_name}
          onChange={(e) => setLinkField('site_name', e.target.value)}
          onBlur={touch('site_name')}
          placeholder={text.namePlaceholder}
          maxLength={LINK_NAME_MAX_CHARS * 2}
          aria-invalid={invalid('site_name')}
          aria-describedby={`${fieldId('site_name')}-note`}
          autoComplete="off"
        />
        {note('site_name', text.counter(charCount(form.site_name.trim()), LINK_NAME_MAX_CHARS))}

        <label htmlFor={fieldId('site_desc')}>{text.desc}</label>
        <textarea
          id={fieldId('site_desc')}
          value={form.site_desc}
          onChange={(e) => setLinkField('site_desc', e.target.value)}
          onBlur={touch('site_desc')}
          placeholder={text.descPlaceholder}
          rows={3}
          aria-invalid={invalid('site_desc')}
          aria-describedby={`${fieldId('site_desc')}-note`}
        />
        {note('site_desc', text.counter(charCount(form.site_desc.trim()), LINK_DESC_MAX_CHARS))}

        <label htmlFor={fieldId('url')}>{text.url}</label>
        <input
          id={fieldId('url')}
          type="url"
          inputMode="url"
          value={form.url}
          onChange={(e) => setLinkField('url', e.target.value)}
          onBlur={touch('url')}
          placeholder={text.urlPlaceholder}
          maxLength={LINK_URL_MAX_LENGTH}
          aria-invalid={invalid('url')}
          aria-describedby={`${fieldId('url')}-note`}
          autoComplete="url"
          spellCheck={false}
        />
        {note('url')}

        <IconField
          id={fieldId('site_avatar')}
          form={form}
          problem={problemOf('site_avatar')}
          onUploading={setUploading}
          onBlur={touch('site_avatar')}
        />

        {formProblem && (
          <p className={styles.formError} role="alert">
            {formProblem}
          </p>
        )}
        <div className={styles.buttons}>
          <button type="submit" className={styles.primary} disabled={busy || uploading}>
            {busy ? text.submitting : form.editing === null ? text.submit : text.save}
          </button>
          {form.editing !== null && (
            <button
              type="button"
              className={styles.secondary}
              onClick={() => {
                cancelEdit();
                setTouched({});
              }}
              disabled={busy}
            >
              {text.cancelEdit}
            </button>
          )}
        </div>
      </form>

      <section className={styles.preview} aria-labelledby={`${id}-preview`}>
        <h2 id={`${id}-preview`}>{text.preview}</h2>
        <p className={styles.hint}>{text.previewHint}</p>
        <LinkCard
          name={draft.site_name || text.previewName}
          desc={draft.site_desc || text.previewDesc}
          icon={iconShown}
          url={linkUrlProblem(draft.url) ? null : draft.url}
        />
      </section>
    </div>
  );
}
