import { cloneElement, useId, type ReactElement, type ReactNode } from 'react';
import styles from './Writing.module.scss';

interface Props {
  label: string;
  problem?: string;
  hint?: ReactNode;
  /** Named for screen readers only: the big title field shows its name as its placeholder. */
  labelHidden?: boolean;
  className?: string;
  /** Beside the control, such as a button that fills it. */
  after?: ReactNode;
  children: ReactElement<Record<string, unknown>>;
}

/** A field with its label, its hint and its problem tied to the control, so its name is the label alone. */
export default function Field({ label, problem, hint, labelHidden = false, className, after, children }: Props) {
  const id = useId();
  const described = [hint && `${id}-hint`, problem && `${id}-problem`].filter(Boolean).join(' ') || undefined;
  const control = cloneElement(children, {
    id,
    'aria-describedby': described,
    'aria-invalid': problem ? true : undefined,
  });
  return (
    <div className={`${styles.field} ${className ?? ''}`}>
      <label htmlFor={id} className={labelHidden ? 'visually-hidden' : undefined}>
        {label}
      </label>
      {after ? (
        <div className={styles.controlRow}>
          {control}
          {after}
        </div>
      ) : (
        control
      )}
      {hint && (
        <span id={`${id}-hint`} className={styles.hint}>
          {hint}
        </span>
      )}
      {problem && (
        <span id={`${id}-problem`} className={styles.error} role="alert">
          {problem}
        </span>
      )}
    </div>
  );
}
