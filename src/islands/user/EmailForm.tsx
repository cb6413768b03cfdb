import { useEffect, useId, useState, type FormEvent } from 'react';
import { call } from '../../client/api';
import { SITE_CONFIG, USER_INFO, USER_UPDATE } from '../../contract/routes';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '../../contract/limits';
import { ROLE, type Profile } from '../../contract/users';
import { t } from '../../i18n/zh-CN';
import { mailText } from '../../i18n/mail.zh-CN';
import { emailProblem } from '../../lib/shared/accountRules';
import { refusalOf } from '../../lib/browser/request';
import { showRefusal, showToast } from '../../stores/toast';
import styles from './UserCenter.module.scss';

const text = t.userCenter.mail;
type MailSettings = Pick<Profile, 'email' | 'email_verified' | 'mail_on_reply' | 'mail_on_owner' | 'role'>;

/** Replacing or removing a verified address takes the password (the server checks it too). */
const passwordNeeded = (settings: MailSettings, typed: string) =>
  settings.email_verified && typed.trim().toLowerCase() !== (settings.email ?? '').toLowerCase();

/**
 * 邮箱与通知: the address (verified by a mailed link) and which notifications come by mail. Read
 * fresh from the server, since the profile kept in the browser predates any verification.
 */
export default function EmailForm() {
  const id = useId();
  const [settings, setSettings] = useState<MailSettings | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const [mailOff, setMailOff] = useState(false);

  const show = (profile: MailSettings) => {
    setSettings(profile);
    setEmail(profile.email ?? '');
    setPassword('');
  };
  useEffect(() => {
    call(USER_INFO).then(
      ({ result }) => result && show(result),
      () => setLoadFailed(true),
    );
    call(SITE_CONFIG).then(
      ({ result }) => setMailOff(result?.mail_enabled === false),
      () => {},
    );
  }, []);

  async function save(e: FormEvent) {
    e.preventDefault();
    const address = email.trim();
    const found = address ? emailProblem(address) : null;
    if (found) return setProblem(found);
    const needsPassword = settings !== null && passwordNeeded(settings, address);
    if (needsPassword && !password) return setProblem(mailText.passwordWhy);
    setBusy(true);
    try {
      const { result } = await call(USER_UPDATE, { email: address, ...(needsPassword ? { password } : {}) });
      if (result) show(result);
      showToast(address ? text.verifySent(address) : text.removed);
    } catch (error) {
      setProblem(refusalOf(error, text.saveFailed).message);
    } finally {
      setBusy(false);
    }
  }

  async function toggle(name: 'mail_on_reply' | 'mail_on_owner', on: boolean) {
    try {
      const { result } = await call(USER_UPDATE, { [name]: on });
      if (result) setSettings(result);
      showToast(t.userCenter.saved);
    } catch (error) {
      showRefusal(error, text.saveFailed);
    }
  }

  if (!settings)
    return (
      <p className={styles.hint} aria-busy={!loadFailed}>
        {loadFailed ? text.loadFailed : text.loading}
      </p>
    );
  if (mailOff && !settings.email)
    return (
      <p className={styles.hint} data-testid="email-status">
        {text.mailOff}
      </p>
    );
  const needsPassword = passwordNeeded(settings, email);
  const status = needsPassword
    ? mailText.passwordWhy
    : !settings.email
      ? text.none
      : settings.email_verified
        ? text.verified
        : text.unverified(settings.email);
  const unchanged = email.trim() === (settings.email ?? '') && (settings.email_verified || !email.trim());
  return (
    <div className={styles.stack}>
      <form className={styles.inline} onSubmit={save} noValidate>
        <label htmlFor={`${id}-email`}>{text.email}</label>
        <div className={styles.inlineRow}>
          <input
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            maxLength={EMAIL_MAX_LENGTH}
            value={email}
            aria-invalid={problem ? true : undefined}
            aria-describedby={`${id}-email-note`}
            onChange={(e) => {
              setEmail(e.target.value);
              setProblem('');
            }}
          />
          <button type="submit" className={styles.button} disabled={busy || unchanged}>
            {busy ? t.userCenter.saving : email.trim() ? text.sendVerify : text.remove}
          </button>
        </div>
        {needsPassword && (
          <>
            <label htmlFor={`${id}-password`}>{mailText.password}</label>
            <input
              id={`${id}-password`}
              type="password"
              autoComplete="current-password"
              maxLength={PASSWORD_MAX_LENGTH}
              value={password}
              aria-describedby={`${id}-email-note`}
              onChange={(e) => {
                setPassword(e.target.value);
                setProblem('');
              }}
            />
          </>
        )}
        <p
          id={`${id}-email-note`}
          className={problem ? styles.error : styles.hint}
          role={problem ? 'alert' : undefined}
          aria-live="polite"
          data-testid="email-status"
        >
          {problem || status}
        </p>
      </form>
      <fieldset className={styles.choices}>
        <legend>{text.notifyBy}</legend>
        <label>
          <input
            type="checkbox"
            checked={settings.mail_on_reply}
            onChange={(e) => void toggle('mail_on_reply', e.target.checked)}
          />
          {text.onReply}
        </label>
        {settings.role === ROLE.admin && (
          <label>
            <input
              type="checkbox"
              checked={settings.mail_on_owner}
              onChange={(e) => void toggle('mail_on_owner', e.target.checked)}
            />
            {text.onOwner}
          </label>
        )}
        <p className={styles.hint}>{text.onlyVerified}</p>
      </fieldset>
    </div>
  );
}
