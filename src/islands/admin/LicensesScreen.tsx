import { useStore } from '@nanostores/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { adminText } from '../../i18n/admin.zh-CN';
import { licenseQuery, licenseQueryFromSearch } from '../../lib/browser/adminView';
import { shortFingerprint } from '../../lib/shared/shop';
import { $licenseLookup, findLicenses, resetMachines, revokeLicense } from '../../stores/adminSales';
import { $adminBusy } from '../../stores/adminTable';
import ConfirmButton from '../shared/ConfirmButton';
import { useHydrated } from '../shared/useHydrated';
import ProblemLine from './ProblemLine';
import { formatDateTime } from '../../lib/shared/time';
import { withQuery } from '../../lib/shared/paths';
import styles from './Admin.module.scss';
import own from './Licenses.module.scss';

const text = adminText;
const confirmClasses = { box: styles.confirm, danger: styles.danger };
type Kind = 'order_no' | 'user_id';

/** /admin/licenses: the licenses of an order or a user, to revoke one or free its machines. */
export default function LicensesScreen() {
  const hydrated = useHydrated();
  const lookup = useStore($licenseLookup);
  const busy = useStore($adminBusy);
  const [kind, setKind] = useState<Kind>('order_no');
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState('');
  const id = useId();

  function find(kindNow: Kind, valueNow: string) {
    const query = licenseQuery(kindNow, valueNow);
    if ('problem' in query) return setProblem(query.problem === 'order_no' ? text.orderNoInvalid : text.userIdInvalid);
    setProblem('');
    // The address says what is shown, so a reload or a link shows it again.
    history.replaceState(history.state, '', withQuery(location.pathname, query));
    void findLicenses(query);
  }

  // The orders screen links here with the order to look up.
  useEffect(() => {
    const asked = licenseQueryFromSearch(location.search);
    if (!asked) return;
    setKind(asked.kind);
    setValue(asked.value);
    find(asked.kind, asked.value);
  }, []);

  if (!hydrated)
    return (
      <p className={styles.quiet} aria-busy="true">
        {text.loading}
      </p>
    );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    find(kind, value);
  };

  let results;
  if (!lookup.filter) results = <p className={styles.quiet}>{text.findPrompt}</p>;
  else if (!lookup.loaded)
    results = lookup.failed ? (
      <p className={styles.quiet}>
        <button type="button" className={styles.retry} onClick={() => void findLicenses(lookup.filter!)}>
          {text.loadFailed}
        </button>
      </p>
    ) : (
      <p className={styles.quiet} aria-busy="true">
        {text.loading}
      </p>
    );
  else if (lookup.list.length === 0) results = <p className={styles.quiet}>{text.noLicense}</p>;
  else {
    results = (
      <ul className={own.licenses} aria-busy={lookup.loading}>
        {lookup.list.map((license) => (
          <li key={license.order_no} className={own.license} data-testid="admin-license">
            <dl>
              <dt>{text.orderNo}</dt>
              <dd className={styles.mono}>{license.order_no}</dd>
              <dt>{text.buyer}</dt>
              <dd>
                {license.nick_name}
                <small className={styles.sub}>{text.userId(license.user_id)}</small>
              </dd>
              <dt>{text.product}</dt>
              <dd>
                {license.product_name} · {license.plan_name}
              </dd>
              <dt>{text.state}</dt>
              <dd>
                <span className={styles.badge} data-state={license.state}>
                  {text.licenseStates[license.state]}
                </span>
              </dd>
              <dt>{text.expires}</dt>
              <dd>{license.expires_at ? formatDateTime(new Date(license.expires_at)) : text.lifetime}</dd>
            </dl>
            <p>{text.machines(license.machines.length, license.max_machines)}</p>
            {license.machines.length === 0 ? (
              <p className={styles.quiet}>{text.noMachines}</p>
            ) : (
              <ul className={own.machines}>
                {license.machines.map((machine) => (
                  <li key={machine.id}>
                    <strong>{machine.name || '—'}</strong> <code>{shortFingerprint(machine.fingerprint)}</code>{' '}
                    <small>
                      {text.lastSeen} {machine.lastSeenAt}
                    </small>
                  </li>
                ))}
              </ul>
            )}
            <div className={styles.actions} aria-busy={busy === `license:${license.order_no}`}>
              {license.state !== 'revoked' && (
                <ConfirmButton
                  label={text.revoke}
                  question={text.confirmRevoke}
                  onConfirm={() => void revokeLicense(license.order_no)}
                  classes={confirmClasses}
                />
              )}
              {license.machines.length > 0 && (
                <ConfirmButton
                  label={text.reset}
                  question={text.confirmReset}
                  onConfirm={() => void resetMachines(license.order_no)}
                  classes={confirmClasses}
                />
              )}
            </div>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className={styles.screen}>
      <ProblemLine />
      <form className={styles.search} onSubmit={submit} noValidate>
        <label>
          {text.findBy}
          <select
            value={kind}
            onChange={(e) => {
              setKind(e.target.value as Kind);
              setProblem('');
            }}
          >
            <option value="order_no">{text.byOrderNo}</option>
            <option value="user_id">{text.byUserId}</option>
          </select>
        </label>
        <input
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setProblem('');
          }}
          aria-label={kind === 'order_no' ? text.byOrderNo : text.byUserId}
          inputMode={kind === 'user_id' ? 'numeric' : undefined}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-problem`}
          spellCheck={false}
        />
        <button type="submit">{text.find}</button>
        <p id={`${id}-problem`} className={own.fieldProblem} role={problem ? 'alert' : undefined}>
          {problem}
        </p>
      </form>
      {results}
    </div>
  );
}
