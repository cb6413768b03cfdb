import { useId, useState, type FormEvent } from 'react';
import { call } from '../../client/api';
import { USER_UPDATE } from '../../contract/routes';
import { NICK_NAME_INPUT_MAX_LENGTH } from '../../contract/limits';
import { t } from '../../i18n/zh-CN';
import { nickNameProblem } from '../../lib/shared/accountRules';
import { refusalOf } from '../../lib/browser/request';
import { showToast } from '../../stores/toast';
import { updateUser, type UserInfo } from '../../stores/user';
import styles from './UserCenter.module.scss';

export default function NickNameForm({ user }: { user: UserInfo }) {
  const id = useId();
  const [value, setValue] = useState(user.nick_name);
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);

  async function save(e: FormEvent) {
    e.preventDefault();
    const nick = value.trim();
    const found = nick ? nickNameProblem(nick) : t.userCenter.nickNameEmpty;
    setProblem(found ?? '');
    if (found) return;
    setBusy(true);
    try {
      const { result } = await call(USER_UPDATE, { nick_name: nick });
      updateUser({ nick_name: result!.nick_name });
      setValue(result!.nick_name);
      showToast(t.userCenter.saved);
    } catch (error) {
      setProblem(refusalOf(error, '保存失败，请稍后再试').message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.inline} onSubmit={save} noValidate>
      <label htmlFor={`${id}-nick`}>{t.userCenter.nickName}</label>
      <div className={styles.inlineRow}>
        <input
          id={`${id}-nick`}
          value={value}
          maxLength={NICK_NAME_INPUT_MAX_LENGTH}
          onChange={(e) => {
            setValue(e.target.value);
            setProblem('');
          }}
          aria-invalid={problem ? true : undefined}
        />
        <button type="submit" className={styles.button} disabled={busy || value.trim() === user.nick_name}>
          {busy ? t.userCenter.saving : t.userCenter.save}
        </button>
      </div>
      <p className={problem ? styles.error : styles.hint} role={problem ? 'alert' : undefined}>
        {problem || t.userCenter.nickNameLimit}
      </p>
    </form>
  );
}
