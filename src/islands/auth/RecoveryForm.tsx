import { useEffect, useId, useState, type FormEvent } from 'react';
import { call } from '../../client/api';
import {
  COMMENT_CONFIRM_EMAIL,
  USER_FORGOT_PASSWORD,
  USER_RESET_PASSWORD,
  USER_UNDO_EMAIL_CHANGE,
  USER_VERIFY_EMAIL,
} from '../../contract/routes';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, RESET_LINK_MINUTES } from '../../contract/limits';
import { t } from '../../i18n/zh-CN';
import { mailText } from '../../i18n/mail.zh-CN';
import { emailProblem, passwordProblem } from '../../lib/shared/accountRules';
import { refusalOf } from '../../lib/browser/request';
import styles from './AuthForm.module.scss';

const text = t.recovery;

/** Links the site mails that do their work as they are opened. */
const LANDINGS = {
  verify: {
    open: (token: string) => call(USER_VERIFY_EMAIL, { token }),
    title: text.verifyTitle,
    busy: text.verifying,
    done: text.verified,
    next: { href: '/userCenter', label: text.goUserCenter },
  },
  undoEmail: {
    open: (token: string) => call(USER_UNDO_EMAIL_CHANGE, { token }),
    title: mailText.undoTitle,
    busy: mailText.undoing,
    done: mailText.undone,
    next: { href: '/forgotPassword', label: mailText.goForgot },
  },
  confirmGuest: {
    open: (token: string) => call(COMMENT_CONFIRM_EMAIL, { token }),
    title: mailText.confirmGuestTitle,
    busy: mailText.confirmingGuest,
    done: mailText.guestConfirmed,
    next: { href: '/', label: mailText.goHome },
  },
};
type Landing = keyof typeof LANDINGS;
type Mode = 'forgot' | 'reset' | Landing;

const messageOf = (error: unknown) => refusalOf(error, text.failed).message;
const tokenInUrl = () => new URLSearchParams(location.search).get('token');

/** 找回密码: an address in, the same answer out whoever it belongs to. */
function Forgot() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState('');
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = emailProblem(email.trim());
    if (found) return setProblem(found);
    setBusy(true);
    try {
      await call(USER_FORGOT_PASSWORD, { email: email.trim() });
      setSent(true);
    } catch (error) {
      setProblem(messageOf(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-busy={busy}>
      <h1 className={styles.title}>{text.forgotTitle}</h1>
      <p className={styles.intro}>{text.forgotIntro}</p>
      <div className={styles.field}>
        <label htmlFor={`${id}-email`}>{text.email}</label>
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          maxLength={EMAIL_MAX_LENGTH}
          value={email}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-note`}
          onChange={(e) => {
            setEmail(e.target.value);
            setProblem('');
          }}
        />
        <p id={`${id}-note`} className={problem ? styles.error : styles.hint} role={problem ? 'alert' : undefined}>
          {problem}
        </p>
      </div>
      {sent && (
        <p className={styles.done} role="status">
          {text.sent(RESET_LINK_MINUTES)}
        </p>
      )}
      <button type="submit" className={styles.submit} disabled={busy}>
        {busy ? text.sending : text.send}
      </button>
      <p className={styles.switch}>{text.noMail}</p>
      <p className={styles.switch}>
        <a href="/login">{t.auth.goLogin}</a>
      </p>
    </form>
  );
}

/** 设置新密码, from the mailed or handed-over link. */
function Reset() {
  const id = useId();
  const [values, setValues] = useState({ password: '', confirm: '' });
  const [problems, setProblems] = useState<{ password?: string; confirm?: string; form?: string }>({});
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const token = tokenInUrl();
    const found = {
      password: passwordProblem(values.password, text.newPassword) ?? undefined,
      confirm: values.confirm !== values.password ? t.auth.passwordMismatch : undefined,
      form: token ? undefined : text.missingToken,
    };
    setProblems(found);
    if (found.password || found.confirm || !token) return;
    setBusy(true);
    try {
      await call(USER_RESET_PASSWORD, { token, password: values.password });
      setDone(true);
    } catch (error) {
      const field = refusalOf(error, text.failed).fields[0] === 'password' ? 'password' : 'form';
      setProblems({ [field]: messageOf(error) });
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      <div className={styles.form}>
        <h1 className={styles.title}>{text.resetTitle}</h1>
        <p className={styles.done} role="status">
          {text.resetDone}
        </p>
        <a className={styles.submit} href="/login">
          {t.auth.goLogin}
        </a>
      </div>
    );
  }
  const field = (name: 'password' | 'confirm', label: string) => (
    <div className={styles.field}>
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        type="password"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX_LENGTH}
        value={values[name]}
        aria-invalid={problems[name] ? true : undefined}
        aria-describedby={`${id}-${name}-note`}
        onChange={(e) => {
          setValues((v) => ({ ...v, [name]: e.target.value }));
          setProblems((p) => ({ ...p, [name]: undefined }));
        }}
      />
      <p
        id={`${id}-${name}-note`}
        className={problems[name] ? styles.error : styles.hint}
        role={problems[name] ? 'alert' : undefined}
      >
        {problems[name] ?? (name === 'password' ? t.auth.passwordHint : '')}
      </p>
    </div>
  );
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-busy={busy}>
      <h1 className={styles.title}>{text.resetTitle}</h1>
      <p className={styles.intro}>{text.resetIntro}</p>
      {field('password', text.newPassword)}
      {field('confirm', text.confirmPassword)}
      {problems.form && (
        <p className={styles.formError} role="alert">
          {problems.form} <a href="/forgotPassword">{text.again}</a>
        </p>
      )}
      <button type="submit" className={styles.submit} disabled={busy}>
        {busy ? text.resetting : text.reset}
      </button>
    </form>
  );
}

/** 验证邮箱, 换回原来的邮箱, 确认邮箱: opening the mailed link is the whole of it. */
function LinkOpened({ landing }: { landing: Landing }) {
  const { open, title, busy, done, next } = LANDINGS[landing];
  const [state, setState] = useState<{ busy: boolean; problem: string }>({ busy: true, problem: '' });
  useEffect(() => {
    const token = tokenInUrl();
    if (!token) return setState({ busy: false, problem: text.missingToken });
    open(token).then(
      () => setState({ busy: false, problem: '' }),
      (error: unknown) => setState({ busy: false, problem: messageOf(error) }),
    );
  }, [open]);
  return (
    <div className={styles.form} aria-busy={state.busy}>
      <h1 className={styles.title}>{title}</h1>
      {state.busy ? (
        <p role="status">{busy}</p>
      ) : state.problem ? (
        <p className={styles.formError} role="alert">
          {state.problem}
        </p>
      ) : (
        <p className={styles.done} role="status">
          {done}
        </p>
      )}
      <p className={styles.switch}>
        <a href={next.href}>{next.label}</a>
      </p>
    </div>
  );
}

/** The password-recovery screens: 找回密码 and 设置新密码, and the pages mailed links open. */
export default function RecoveryForm({ mode }: { mode: Mode }) {
  return mode === 'forgot' ? <Forgot /> : mode === 'reset' ? <Reset /> : <LinkOpened landing={mode} />;
}
