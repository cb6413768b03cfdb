import { useEffect, useRef, useState } from 'react';
import { t } from '../../i18n/zh-CN';
import styles from './ConfirmButton.module.scss';

interface Props {
  /** The button's text, e.g. 删除. */
  label: string;
  /** What the small box asks, e.g. 确定删除吗？ */
  question: string;
  onConfirm: () => void;
  /** Float the box above the button, over what follows, instead of beside it. */
  floating?: boolean;
}

/** A button that asks before it acts: 确定 does it, 取消 closes the box. */
export default function ConfirmButton({ label, question, onConfirm, floating = false }: Props) {
  const [asking, setAsking] = useState(false);
  const yes = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (asking) yes.current?.focus();
  }, [asking]);

  return (
    <>
      <button type="button" onClick={() => setAsking(true)} aria-expanded={asking}>{label}</button>
      {asking && (
        <span className={floating ? `${styles.box} ${styles.floating}` : styles.box} role="group" aria-label={question}>
          <span>{question}</span>
          <button type="button" ref={yes} className={styles.danger} onClick={() => { setAsking(false); onConfirm(); }}>{t.confirm.yes}</button>
          <button type="button" onClick={() => setAsking(false)}>{t.confirm.no}</button>
        </span>
      )}
    </>
  );
}
