import { useId, useState, type FormEvent } from 'react';
import { call } from '../../client/api';
import { USER_CHANGE_PASSWORD } from '../../contract/routes';
import { PASSWORD_MAX_LENGTH } from '../../contract/limits';
import { t } from '../../i18n/zh-CN';
import { passwordProblem } from '../../lib/shared/accountRules';
import { refusalOf } from '../../lib/browser/request';
import { showToast } from '../../stores/toast';
import styles from './UserCenter.module.scss';

type Field = 'password' | 'password1' | 'password2';
const EMPTY: Record<Field, string> = { password: '', password1: '', password2: '' };

export default function PasswordForm() {
  const id = useId();
  const [values, setValues] = useState(EMPTY);
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);

  function check(): Partial<Record<Field, string>> {
    const found: Partial<Record<Field, string>> = {};
    if (!values.password) found.password = `请输入${t.userCenter.oldPassword}`;
    const fresh = passwordProblem(values.password1, t.userCenter.newPassword);
    if (fresh) found.password1 = fresh;
    else if (values.password1 === values.password) found.password1 = t.userCenter.samePassword;
    if (values.password2 !== values.password1) found.password2 = t.auth.passwordMismatch;
    return found;
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = check();
    setProblems(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await call(USER_CHANGE_PASSWORD, {
        password: values.password,
        password1: values.password1,
        password2: values.password2,
      });
      setValues(EMPTY);
      showToast(t.userCenter.passwordChanged);
    } catch (error) {
      const { message, fields } = refusalOf(error, '修改失败，请稍后再试');
      setProblems({ [(fields[0] as Field | undefined) ?? 'password']: message });
    } finally {
      setBusy(false);
    }
  }

  const field = (name: Field, label: string, autoComplete: string) => (
    <div className={styles.inline}>
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        type="password"
        autoComplete={autoComplete}
        maxLength={PASSWORD_MAX_LENGTH}
        value={values[name]}
        aria-invalid={problems[name] ? true : undefined}
        onChange={(e) => {
          setValues((v) => ({ ...v, [name]: e.target.value }));
          setProblems((p) => ({ ...p, [name]: undefined }));
        }}
      />
      <p className={problems[name] ? styles.error : styles.hint} role={problems[name] ? 'alert' : undefined}>
        {problems[name] ?? ''}
      </p>
    </div>
  );

  return (
    <form onSubmit={submit} noValidate>
      {field('password', t.userCenter.oldPassword, 'current-password')}
      {field('password1', t.userCenter.newPassword, 'new-password')}
      {field('password2', t.userCenter.confirmPassword, 'new-password')}
      <button type="submit" className={styles.button} disabled={busy}>
        {busy ? t.userCenter.saving : t.userCenter.password}
      </button>
    </form>
  );
}
