import { useStore } from '@nanostores/react';
import { useEffect, useId } from 'react';
import type { LicenseItem, MachineItem } from '../../contract/shop';
import { t } from '../../i18n/zh-CN';
import { licenseText, shopText } from '../../i18n/shop.zh-CN';
import { orderPath, shortFingerprint } from '../../lib/shared/shop';
import { formatDateTime } from '../../lib/shared/time';
import { $myLicenses, deactivateMachine, openMyLicenses } from '../../stores/myLicenses';
import ConfirmButton from '../shared/ConfirmButton';
import CopyableCode from '../shop/CopyableCode';
import styles from './MyLicenses.module.scss';

const text = licenseText;

function Machine({ machine }: { machine: MachineItem }) {
  return (
    <li className={styles.machine}>
      <span className={styles.machineName}>{machine.name || text.unnamed}</span>
      <span>
        <span className="visually-hidden">{text.fingerprint} </span>
        <code title={machine.fingerprint}>{shortFingerprint(machine.fingerprint)}</code>
      </span>
      <span className={styles.seen}>
        {text.lastSeen} {machine.lastSeenAt}
      </span>
      <span className={styles.actions}>
        <ConfirmButton
          label={text.deactivate}
          question={text.confirmDeactivate}
          onConfirm={() => void deactivateMachine(machine.id)}
          classes={{ box: styles.confirm, danger: styles.danger }}
        />
      </span>
    </li>
  );
}

function License({ license }: { license: LicenseItem }) {
  const id = useId();
  return (
    <li className={styles.license} aria-labelledby={`${id}-title`} data-testid="my-license">
      <div className={styles.title}>
        <h3 id={`${id}-title`}>
          {license.product_name} · {license.plan_name}
        </h3>
        <span className={styles.state} data-state={license.state}>
          {text.states[license.state]}
        </span>
      </div>
      <CopyableCode value={license.license_key} copyLabel={shopText.copyKey} className={styles.code} />
      <dl className={styles.facts}>
        <dt>{text.expires}</dt>
        <dd>{license.expires_at ? formatDateTime(new Date(license.expires_at)).slice(0, 16) : text.lifetime}</dd>
        <dt>{text.order}</dt>
        <dd>
          <a href={orderPath(license.order_no)}>{license.order_no}</a>
        </dd>
      </dl>
      <p className={styles.used}>{text.machines(license.machines.length, license.max_machines)}</p>
      {license.machines.length > 0 ? (
        <ul className={styles.machines} aria-label={text.machineList(license.product_name)}>
          {license.machines.map((machine) => (
            <Machine key={machine.id} machine={machine} />
          ))}
        </ul>
      ) : (
        <p className={styles.quiet}>{text.noMachines}</p>
      )}
    </li>
  );
}

/** The user centre's licenses: each key with its state, its expiry and the machines it is activated on. */
export default function MyLicenses() {
  const { list, loading, failed, loaded } = useStore($myLicenses);

  useEffect(() => {
    void openMyLicenses();
  }, []);

  if (!loaded) {
    if (failed && !loading)
      return (
        <button type="button" className={styles.retry} onClick={() => void openMyLicenses()}>
          {text.loadFailed}
        </button>
      );
    return <p className={styles.quiet}>{text.loading}</p>;
  }
  if (list.length === 0) {
    return (
      <p className={styles.quiet}>
        {text.empty}
        <a href="/pay">{t.userCenter.goPay}</a>
      </p>
    );
  }
  return (
    <ul className={styles.licenses}>
      {list.map((license) => (
        <License key={license.order_no} license={license} />
      ))}
    </ul>
  );
}
