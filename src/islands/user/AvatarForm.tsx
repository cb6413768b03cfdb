import { useRef, useState } from 'react';
import { call } from '../../client/api';
import { USER_UPDATE } from '../../contract/routes';
import { ACCEPTED_PICTURES, uploadPicture } from '../../client/uploadPicture';
import { t } from '../../i18n/zh-CN';
import { refusalOf } from '../../lib/browser/request';
import { showToast } from '../../stores/toast';
import { updateUser, type UserInfo } from '../../stores/user';
import styles from './UserCenter.module.scss';

export default function AvatarForm({ user, defaultAvatar }: { user: UserInfo; defaultAvatar: string }) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');

  async function pick(file: File | undefined) {
    if (!file) return;
    setProblem('');
    setBusy(true);
    try {
      const uploaded = await uploadPicture(file);
      if ('problem' in uploaded) return setProblem(uploaded.problem);
      const { result: profile } = await call(USER_UPDATE, { avatar: uploaded.url });
      updateUser({ avatar: profile!.avatar });
      showToast(t.userCenter.avatarUpdated);
    } catch (error) {
      setProblem(refusalOf(error, '头像上传失败，请稍后再试').message);
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <div className={styles.avatarRow}>
      <img
        className={styles.avatar}
        src={user.avatar || defaultAvatar}
        alt={t.userCenter.avatar}
        width="96"
        height="96"
        data-testid="profile-avatar"
      />
      <div>
        <label className={styles.button} aria-disabled={busy}>
          {busy ? t.userCenter.uploading : t.userCenter.changeAvatar}
          <input
            ref={input}
            type="file"
            accept={ACCEPTED_PICTURES.join(',')}
            disabled={busy}
            onChange={(e) => pick(e.target.files?.[0])}
            className="visually-hidden"
          />
        </label>
        <p className={problem ? styles.error : styles.hint} role={problem ? 'alert' : undefined}>
          {problem || 'PNG、JPEG、WebP 或 GIF；上传前会在本机重新编码（去掉位置等信息，动图只保留第一帧）'}
        </p>
      </div>
    </div>
  );
}
