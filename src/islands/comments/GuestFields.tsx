import { useStore } from '@nanostores/react';
import { useId } from 'react';
import { EMAIL_MAX_LENGTH, GUEST_SITE_MAX_LENGTH, NICK_NAME_INPUT_MAX_LENGTH } from '../../contract/limits';
import { t } from '../../i18n/zh-CN';
import { $guestProfile, setGuestField, type GuestProfile } from '../../stores/commentGuest';
import { rememberRoute } from '../../stores/user';
import styles from './Comments.module.scss';

const text = t.comments;
const FIELDS: [keyof GuestProfile, string, string, number][] = [
  ['nick_name', text.guestName, 'nickname', NICK_NAME_INPUT_MAX_LENGTH],
  ['email', text.guestEmail, 'email', EMAIL_MAX_LENGTH],
  ['site', text.guestSite, 'url', GUEST_SITE_MAX_LENGTH],
];

/** A guest's nickname, address and site above the comment box; this browser remembers them. */
export default function GuestFields() {
  const profile = useStore($guestProfile);
  const id = useId();
  return (
    <fieldset className={styles.guest}>
      <legend className={styles.guestLegend}>
        {text.guestFields}
        <span>
          {text.orLogin}
          <a href="/login" onClick={() => rememberRoute()}>
            {text.goLogin}
          </a>
        </span>
      </legend>
      {FIELDS.map(([field, label, autoComplete, maxLength]) => (
        <input
          key={field}
          id={`${id}-${field}`}
          name={field}
          type={field === 'email' ? 'email' : field === 'site' ? 'url' : 'text'}
          inputMode={field === 'email' ? 'email' : field === 'site' ? 'url' : undefined}
          value={profile[field]}
          onChange={(e) => setGuestField(field, e.target.value)}
          placeholder={label}
          aria-label={label}
          autoComplete={autoComplete}
          maxLength={maxLength}
        />
      ))}
    </fieldset>
  );
}
