import { useStore } from '@nanostores/react';
import { linkText } from '../../i18n/links.zh-CN';
import { $isLoggedIn, rememberRoute } from '../../stores/user';
import { useHydrated } from '../shared/useHydrated';
import ApplyForm from './ApplyForm';
import MyApplications from './MyApplications';
import styles from './Apply.module.scss';

const text = linkText;

/**
 * /link/apply: the form and my applications for a logged-in reader; for anyone else, a way to
 * log in that comes back here. It never leaves the page by itself.
 */
export default function ApplyPage() {
  const hydrated = useHydrated();
  const loggedIn = useStore($isLoggedIn);

  // The server does not know who is reading: the first render says only that the page is coming.
  if (!hydrated)
    return (
      <p className="empty" aria-busy="true">
        {text.loading}
      </p>
    );
  if (!loggedIn) {
    return (
      <div className={`card ${styles.prompt}`}>
        <p>{text.loginPrompt}</p>
        <a className={styles.primary} href="/login" onClick={() => rememberRoute()}>
          {text.goLogin}
        </a>
      </div>
    );
  }
  return (
    <div className={styles.page}>
      <ApplyForm />
      <MyApplications />
    </div>
  );
}
