import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { ROLE } from '../../contract/users';
import { adminText } from '../../i18n/admin.zh-CN';
import { $resetLink, makeResetLink, setUserDisabled, setUserRole, userTable } from '../../stores/admin';
import CopyableCode from '../shop/CopyableCode';
import { $adminBusy } from '../../stores/adminTable';
import ConfirmButton from '../shared/ConfirmButton';
import { useHydrated } from '../shared/useHydrated';
import Listing from './Listing';
import ProblemLine from './ProblemLine';
import SearchBox from './SearchBox';
import styles from './Admin.module.scss';

const text = adminText;
const confirmClasses = { box: styles.confirm, danger: styles.danger };

/** /admin/users: find an account, disable or enable it, make it admin or user. The server keeps the last admin. */
export default function UsersScreen() {
  const hydrated = useHydrated();
  const state = useStore(userTable.$list);
  const busy = useStore($adminBusy);
  const resetLink = useStore($resetLink);

  useEffect(() => {
    $resetLink.set(null);
    void userTable.open(userTable.$list.get().filter);
  }, []);

  if (!hydrated)
    return (
      <p className={styles.quiet} aria-busy="true">
        {text.loading}
      </p>
    );

  return (
    <div className={styles.screen}>
      <ProblemLine />
      <div className={styles.toolbar}>
        <SearchBox
          label={`${text.search}${text.users}`}
          keyword={state.filter}
          onSearch={(keyword) => void userTable.open(keyword)}
        />
      </div>
      {resetLink && (
        <section className={styles.handOver} aria-label={text.resetLinkFor(resetLink.username)}>
          <p>{text.resetLinkFor(resetLink.username)}</p>
          <CopyableCode
            value={resetLink.url}
            copyLabel={text.copyResetLink}
            className={styles.copyable}
            testId="reset-link"
          />
        </section>
      )}
      <Listing
        label={text.users}
        state={state}
        onRetry={() => void userTable.reload()}
        onPage={(page) => void userTable.goTo(page)}
      >
        <table className={`${styles.table} ${styles.cards}`}>
          <thead>
            <tr>
              <th scope="col">ID</th>
              <th scope="col">{text.username}</th>
              <th scope="col">{text.nickName}</th>
              <th scope="col">{text.role}</th>
              <th scope="col">{text.account}</th>
              <th scope="col">{text.registeredAt}</th>
              <th scope="col">{text.actions}</th>
            </tr>
          </thead>
          <tbody>
            {state.list.map((user) => (
              <tr key={user.id} data-disabled={user.disabled || undefined}>
                <td data-label="ID">{user.id}</td>
                <td className={styles.mono} data-label={text.username}>
                  {user.username}
                </td>
                <td data-label={text.nickName}>{user.nick_name}</td>
                <td className={styles.nowrap} data-label={text.role}>
                  {text.roles[user.role]}
                </td>
                <td className={styles.nowrap} data-label={text.account}>
                  {user.disabled ? text.disabled : text.enabled}
                </td>
                <td className={styles.nowrap} data-label={text.registeredAt}>
                  {user.createdAt}
                </td>
                <td className={styles.actions} aria-busy={busy === `user:${user.id}`}>
                  {user.disabled ? (
                    <button type="button" onClick={() => void setUserDisabled(user.id, false)} disabled={busy !== null}>
                      {text.enable}
                    </button>
                  ) : (
                    <>
                      <ConfirmButton
                        label={text.disable}
                        question={text.confirmDisable}
                        onConfirm={() => void setUserDisabled(user.id, true)}
                        classes={confirmClasses}
                      />
                      <ConfirmButton
                        label={text.disableAndHide}
                        question={text.confirmDisableAndHide}
                        onConfirm={() => void setUserDisabled(user.id, true, true)}
                        classes={confirmClasses}
                      />
                    </>
                  )}
                  {user.role === ROLE.admin ? (
                    <ConfirmButton
                      label={text.makeUser}
                      question={text.confirmMakeUser}
                      onConfirm={() => void setUserRole(user.id, ROLE.user)}
                      classes={confirmClasses}
                    />
                  ) : (
                    <ConfirmButton
                      label={text.makeAdmin}
                      question={text.confirmMakeAdmin}
                      onConfirm={() => void setUserRole(user.id, ROLE.admin)}
                      classes={confirmClasses}
                    />
                  )}
                  <ConfirmButton
                    label={text.resetLink}
                    question={text.confirmResetLink}
                    onConfirm={() => void makeResetLink(user)}
                    classes={confirmClasses}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Listing>
    </div>
  );
}
