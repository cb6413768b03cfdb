import { useMemo } from 'react';
import { writingText } from '../../../i18n/writing.zh-CN';
import { formatDateTime } from '../../../lib/shared/time';
import { fromDateTimeLocal, toDateTimeLocal, wallClockIn } from '../../../lib/shared/dateTimeLocal';
import Field from './Field';
import styles from './Writing.module.scss';

const text = writingText;

/**
 * 发布时间 as a date and time picker on Beijing's clock: the picker has no zone, so it holds the
 * front matter's digits as they are; a browser elsewhere is told what that is on its own clock.
 */
export default function DateTimeField({
  value,
  problem,
  onChange,
}: {
  value: string;
  problem?: string;
  onChange: (date: string) => void;
}) {
  const zone = useMemo(() => Intl.DateTimeFormat().resolvedOptions().timeZone, []);
  const elsewhere = value ? wallClockIn(value, zone) : null;
  const hint = (
    <>
      {text.dateHint}
      {elsewhere && (
        <>
          <br />
          {text.dateElsewhere(elsewhere)}
        </>
      )}
    </>
  );
  return (
    <Field
      label={text.date}
      problem={problem}
      hint={hint}
      after={
        <button type="button" className={styles.button} onClick={() => onChange(formatDateTime(new Date()))}>
          {text.dateNow}
        </button>
      }
    >
      <input
        type="datetime-local"
        step={1}
        value={toDateTimeLocal(value)}
        onChange={(e) => onChange(fromDateTimeLocal(e.target.value))}
      />
    </Field>
  );
}
