import { useEffect, useRef, useState } from 'react';
import { copyText } from '../../client/clipboard';
import { shopText } from '../../i18n/shop.zh-CN';

interface Props {
  value: string;
  /** The copy button's name, e.g. 复制激活码. */
  copyLabel: string;
  /**
   * The box's look, from the stylesheet of the page it sits on (the `copyable` mixin): a
   * stylesheet of its own would travel with whichever chunk loads this first, and be missing
   * where the other loads it.
   */
  className: string;
  testId?: string;
}

const SAID_FOR_MS = 3000;

/** A code in a monospace box with a button that copies it, and a line that says it was copied. */
export default function CopyableCode({ value, copyLabel, className, testId }: Props) {
  const [said, setSaid] = useState<'' | 'copied' | 'failed'>('');
  const code = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!said) return;
    const timer = setTimeout(() => setSaid(''), SAID_FOR_MS);
    return () => clearTimeout(timer);
  }, [said]);

  async function copy() {
    if (await copyText(value)) return setSaid('copied');
    // Selected, so that Ctrl+C or a long press copies it by hand.
    const selection = getSelection();
    if (code.current && selection) selection.selectAllChildren(code.current);
    setSaid('failed');
  }

  return (
    <div className={className}>
      <code ref={code} data-testid={testId}>
        {value}
      </code>
      <button type="button" onClick={() => void copy()}>
        {copyLabel}
      </button>
      <span aria-live="polite" data-said={said || undefined}>
        {said === 'copied' ? shopText.copied : said === 'failed' ? shopText.copyFailed : ''}
      </span>
    </div>
  );
}
