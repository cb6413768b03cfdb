import { useStore } from '@nanostores/react';
import { navigate } from 'astro:transitions/client';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { call } from '../../client/api';
import { USER_REGISTER } from '../../contract/routes';
import { t } from '../../i18n/zh-CN';
import { NICK_NAME_INPUT_MAX_LENGTH, PASSWORD_MAX_LENGTH, USERNAME_INPUT_MAX_LENGTH } from '../../contract/limits';
import { nickNameProblem, passwordProblem, usernameProblem } from '../../lib/shared/accountRules';
import { refusalOf } from '../../lib/browser/request';
import { showNotice, showToast } from '../../stores/toast';
import { routeAfterLogin } from '../../lib/browser/redirect';
import { $isLoggedIn, $lastRoute, login } from '../../stores/user';
import { useHydrated } from '../shared/useHydrated';
import styles from './AuthForm.module.scss';

type Mode = 'login' | 'register';
type Field = 'username' | 'password' | 'confirm' | 'nickName';
const FIELDS: Field[] = ['username', 'password', 'confirm', 'nickName'];
type Problems = Partial<Record<Field | 'form', string>>;

function validate(mode: Mode, values: Record<Field, string>): Problems {
  const problems: Problems = {};
  if (mode === 'login') {
    if (!values.username) problems.username = '请输入用户名';
    if (!values.password) problems.password = '请输入密码';
    return problems;
  }
  const username = usernameProblem(values.username);
  const password = passwordProblem(values.password);
  const nickName = nickNameProblem(values.nickName);
  if (username) problems.username = username;
  if (password) problems.password = password;
  if (values.confirm !== values.password) problems.confirm = t.auth.passwordMismatch;
  if (nickName) problems.nickName = nickName;
  return problems;
}

/** The shared login / register screen. Input is kept on every error; the server checks everything again. */
export default function AuthForm({ mode }: { mode: Mode }) {
  const loggedIn = useStore($isLoggedIn);
  const id = useId();
  const [values, setValues] = useState<Record<Field, string>>({
    username: '',
    password: '',
    confirm: '',
    nickName: '',
  });
  const [problems, setProblems] = useState<Problems>({});
  const [busy, setBusy] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  // The account this form made, when logging in with it then failed: the next press only logs in.
  const [registeredAs, setRegisteredAs] = useState<string | null>(null);
  const isLogin = mode === 'login';
  const form = useRef<HTMLFormElement>(null);
  // Until the script runs, pressing Enter must not submit the form natively (a GET would put the password in the address).
  const hydrated = useHydrated();

  // On a slow phone the form is on screen before it hydrates: keep what was typed (or autofilled) meanwhile.
  useEffect(() => {
    const typed: Partial<Record<Field, string>> = {};
    for (const field of FIELDS) {
      const element = form.current?.querySelector<HTMLInputElement>(`#${CSS.escape(`${id}-${field}`)}`);
      if (element?.value) typed[field] = element.value;
    }
    if (Object.keys(typed).length > 0) setValues((v) => ({ ...v, ...typed }));
  }, [id]);

  // A logged-in reader has nothing to do here.
  useEffect(() => {
    if (!loggedIn || busy) return;
    showNotice(t.auth.guardTitle, t.auth.alreadyLoggedIn, 'warning');
    void navigate('/home', { history: 'replace' });
  }, []);

  const set = (field: Field) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    if (problems[field] || problems.form) setProblems((p) => ({ ...p, [field]: undefined, form: undefined }));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = validate(mode, values);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    let registered = registeredAs === values.username;
    try {
      if (!isLogin && !registered) {
        await call(USER_REGISTER, {
          username: values.username,
          password: values.password,
          nick_name: values.nickName.trim() || undefined,
        });
        registered = true;
        setRegisteredAs(values.username);
      }
      const user = await login(values.username, values.password);
      showToast(isLogin ? t.auth.welcomeBack(user.nick_name) : t.auth.registered);
      await navigate(routeAfterLogin(location.search, $lastRoute.get()), { history: 'replace' });
    } catch (error) {
      // Input stays as typed; the server's reason goes where it belongs.
      const { message, fields } = refusalOf(error, '操作失败，请稍后再试');
      setBusy(false);
      if (!isLogin && registered) return setProblems({ form: t.auth.registeredNotLoggedIn(message) });
      const field = fields.find((f): f is Field => f === 'username' || f === 'password' || f === 'nickName');
      setProblems(
        fields.includes('nick_name')
          ? { nickName: message }
          : field && !isLogin
            ? { [field]: message }
            : { form: message },
      );
    }
  }

  const input = (field: Field, label: string, props: Record<string, unknown>, hint?: string) => (
    <div className={styles.field}>
      <label htmlFor={`${id}-${field}`}>{label}</label>
      <input
        id={`${id}-${field}`}
        value={values[field]}
        onChange={set(field)}
        aria-invalid={problems[field] ? true : undefined}
        aria-describedby={`${id}-${field}-note`}
        {...props}
      />
      <p
        id={`${id}-${field}-note`}
        className={problems[field] ? styles.error : styles.hint}
        role={problems[field] ? 'alert' : undefined}
      >
        {problems[field] ?? hint ?? ''}
      </p>
    </div>
  );

  return (
    <form ref={form} method="post" className={styles.form} onSubmit={submit} noValidate aria-busy={busy}>
      <nav className={styles.tabs} aria-label={`${t.auth.login} / ${t.auth.register}`}>
        <a href="/login" aria-current={isLogin ? 'page' : undefined}>
          {t.auth.login}
        </a>
        <a href="/register" aria-current={isLogin ? undefined : 'page'}>
          {t.auth.register}
        </a>
      </nav>
      {input(
        'username',
        t.auth.username,
        {
          name: 'username',
          autoComplete: 'username',
          autoCapitalize: 'none',
          spellCheck: false,
          maxLength: USERNAME_INPUT_MAX_LENGTH,
        },
        isLogin ? undefined : t.auth.usernameHint,
      )}
      <div className={styles.passwordRow}>
        {input(
          'password',
          t.auth.password,
          {
            name: 'password',
            type: showPassword ? 'text' : 'password',
            autoComplete: isLogin ? 'current-password' : 'new-password',
            maxLength: PASSWORD_MAX_LENGTH,
          },
          isLogin ? undefined : t.auth.passwordHint,
        )}
        <button
          type="button"
          className={styles.reveal}
          onClick={() => setShowPassword((v) => !v)}
          aria-pressed={showPassword}
        >
          {showPassword ? t.auth.hidePassword : t.auth.showPassword}
        </button>
      </div>
      {!isLogin &&
        input('confirm', t.auth.confirmPassword, {
          name: 'confirm',
          type: showPassword ? 'text' : 'password',
          autoComplete: 'new-password',
          maxLength: PASSWORD_MAX_LENGTH,
        })}
      {!isLogin &&
        input(
          'nickName',
          t.auth.nickName,
          { name: 'nick_name', autoComplete: 'nickname', maxLength: NICK_NAME_INPUT_MAX_LENGTH },
          t.auth.nickNameHint,
        )}
      {problems.form && (
        <p className={styles.formError} role="alert">
          {problems.form}
        </p>
      )}
      {isLogin && (
        <p className={styles.forgot}>
          <a href="/forgotPassword">{t.auth.forgotPassword}</a>
        </p>
      )}
      <button type="submit" className={styles.submit} disabled={busy || !hydrated}>
        {busy ? (isLogin ? t.auth.loggingIn : t.auth.registering) : isLogin ? t.auth.login : t.auth.register}
      </button>
      <p className={styles.switch}>
        {isLogin ? t.auth.noAccount : t.auth.haveAccount}
        <a href={isLogin ? '/register' : '/login'}>{isLogin ? t.auth.goRegister : t.auth.goLogin}</a>
      </p>
    </form>
  );
}
