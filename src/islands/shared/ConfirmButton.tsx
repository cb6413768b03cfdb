import { useEffect, useRef, useState } from 'react';
import { t } from '../../i18n/zh-CN';

interface Props {
  /** The button's text, e.g. 删除. */
  label: string;
  /** What the small box asks, e.g. 确定删除吗？ */
  question: string;
  onConfirm: () => void;
  /**
   * The box's look and its 确定 button's, from the stylesheet of the list it sits in (the
   * `confirm-box` mixin): a stylesheet of its own would travel with whichever chunk loads this
   * first, and be missing where another chunk uses it.
   */
  classes: { box: string; danger: string };
}

/** A button that asks before it acts: 确定 does it, 取消 closes the box. */
export default function ConfirmButton({ label, question, onConfirm, classes }: Props) {
  const [asking, setAsking] = useState(false);
  const yes = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (asking) yes.current?.focus();
  }, [asking]);

  return (
    <>
      <button type="button" onClick={() => setAsking(true)} aria-expanded={asking}>
        {label}
      </button>
      {asking && (
        <span className={classes.box} role="group" aria-label={question}>
          <span>{question}</span>
          <button
            type="button"
            ref={yes}
            className={classes.danger}
            onClick={() => {
              setAsking(false);
              onConfirm();
            }}
          >
            {t.confirm.yes}
          </button>
          <button type="button" onClick={() => setAsking(false)}>
            {t.confirm.no}
          </button>
        </span>
      )}
    </>
  );
}
