import { useStore } from '@nanostores/react';
import { navigate } from 'astro:transitions/client';
import { lazy, Suspense, useEffect } from 'react';
import { t } from '../../i18n/zh-CN';
import { licenseText, shopText } from '../../i18n/shop.zh-CN';
import { $isLoggedIn, $userInfo, rememberRoute } from '../../stores/user';
import { useHydrated } from '../shared/useHydrated';
import { neverOnServer } from '../shared/useOnDemand';
import AvatarForm from './AvatarForm';
import EmailForm from './EmailForm';
import NickNameForm from './NickNameForm';
import PasswordForm from './PasswordForm';
import styles from './UserCenter.module.scss';

// Orders and licenses load after the profile, with their own code and stylesheets.
const MyOrders = lazy(() => (import.meta.env.SSR ? neverOnServer() : import('./MyOrders')));
const MyLicenses = lazy(() => (import.meta.env.SSR ? neverOnServer() : import('./MyLicenses')));

/** The personal centre: profile, password and orders. Anonymous readers are sent to log in first. */
/** `shop`: whether the site sells anything (site config `features`): without it, no orders or licenses. */
export default function UserCenter({ defaultAvatar, shop = true }: { defaultAvatar: string; shop?: boolean }) {
  const loggedIn = useStore($isLoggedIn);
  const user = useStore($userInfo);
  const hydrated = useHydrated();

  useEffect(() => {
    if (!$isLoggedIn.get()) {
      rememberRoute('/userCenter');
      void navigate('/login', { history: 'replace' });
    }
  }, []);

  if (!hydrated || !loggedIn || !user) return <p className={styles.wait}>{hydrated ? t.userCenter.redirecting : ''}</p>;

  return (
    <div className={styles.grid}>
      <section className={`card ${styles.panel}`} aria-labelledby="profile-title">
        <h2 id="profile-title">{t.userCenter.profile}</h2>
        <AvatarForm user={user} defaultAvatar={defaultAvatar} />
        <dl className={styles.facts}>
          <dt>{t.userCenter.username}</dt>
          <dd>{user.username}</dd>
        </dl>
        <NickNameForm user={user} />
      </section>
      <section className={`card ${styles.panel}`} aria-labelledby="password-title">
        <h2 id="password-title">{t.userCenter.password}</h2>
        <PasswordForm />
      </section>
      <section className={`card ${styles.panel}`} aria-labelledby="mail-title">
        <h2 id="mail-title">{t.userCenter.mail.title}</h2>
        <EmailForm />
      </section>
      {shop && (
        <>
          <section className={`card ${styles.panel} ${styles.wide}`} aria-labelledby="orders-title">
            <h2 id="orders-title">{t.userCenter.orders}</h2>
            <Suspense fallback={<p className={styles.empty}>{shopText.ordersLoading}</p>}>
              <MyOrders />
            </Suspense>
          </section>
          <section className={`card ${styles.panel} ${styles.wide}`} aria-labelledby="licenses-title">
            <h2 id="licenses-title">{licenseText.title}</h2>
            <Suspense fallback={<p className={styles.empty}>{licenseText.loading}</p>}>
              <MyLicenses />
            </Suspense>
          </section>
        </>
      )}
    </div>
  );
}
