import { useState } from 'react';
import { ACCEPTED_PICTURES, uploadPicture } from '../../client/uploadPicture';
import { LINK_URL_MAX_LENGTH } from '../../contract/limits';
import { linkText } from '../../i18n/links.zh-CN';
import type { IconChoice, LinkForm } from '../../lib/browser/linkForm';
import { setLinkField } from '../../stores/links';
import styles from './Apply.module.scss';

const text = linkText;
const CHOICES: [IconChoice, string][] = [
  ['letter', text.iconLetter],
  ['upload', text.iconUpload],
  ['url', text.iconUrl],
];

interface Props {
  /** The id of the control that takes the focus when the icon has a problem. */
  id: string;
  form: LinkForm;
  problem: string | undefined;
  onUploading: (uploading: boolean) => void;
  onBlur: () => void;
}

/** The icon: the name's first letter, a picture uploaded from this device, or an image address. */
export default function IconField({ id, form, problem, onUploading, onBlur }: Props) {
  const [uploading, setUploading] = useState(false);
  const [uploadProblem, setUploadProblem] = useState('');
  const shown = uploadProblem || problem;

  async function pick(file: File | undefined) {
    if (!file) return;
    setUploading(true);
    onUploading(true);
    setUploadProblem('');
    const uploaded = await uploadPicture(file);
    setUploading(false);
    onUploading(false);
    if ('problem' in uploaded) setUploadProblem(uploaded.problem);
    else setLinkField('uploaded', uploaded.url);
  }

  const choose = (icon: IconChoice) => {
    setUploadProblem('');
    setLinkField('icon', icon);
  };

  // A problem with the icon sends the focus to the control its choice needs filled.
  const focusTarget = form.icon === 'letter' ? undefined : id;

  return (
    <fieldset className={styles.icon} aria-describedby={`${id}-note`}>
      <legend>{text.icon}</legend>
      <div className={styles.choices}>
        {CHOICES.map(([icon, label]) => (
          <label key={icon}>
            <input type="radio" name={`${id}-choice`} checked={form.icon === icon} onChange={() => choose(icon)} />
            {label}
          </label>
        ))}
      </div>
      {form.icon === 'upload' && (
        <div className={styles.upload}>
          {form.uploaded && <img src={form.uploaded} alt={text.uploaded} width="48" height="48" />}
          <label className={styles.secondary} aria-disabled={uploading || undefined}>
            {uploading ? text.uploading : form.uploaded ? text.changeImage : text.chooseImage}
            <input
              id={focusTarget}
              type="file"
              accept={ACCEPTED_PICTURES.join(',')}
              disabled={uploading}
              onChange={(e) => void pick(e.target.files?.[0])}
              onBlur={onBlur}
              className="visually-hidden"
              aria-invalid={shown ? true : undefined}
            />
          </label>
        </div>
      )}
      {form.icon === 'url' && (
        <input
          id={focusTarget}
          type="url"
          inputMode="url"
          value={form.icon_url}
          onChange={(e) => setLinkField('icon_url', e.target.value)}
          onBlur={onBlur}
          placeholder="https://"
          maxLength={LINK_URL_MAX_LENGTH}
          aria-label={text.iconUrl}
          aria-invalid={shown ? true : undefined}
          spellCheck={false}
        />
      )}
      <p id={`${id}-note`} className={shown ? styles.error : styles.hint} role={shown ? 'alert' : undefined}>
        {shown || (form.icon === 'url' ? text.iconUrlHint : '')}
      </p>
    </fieldset>
  );
}
