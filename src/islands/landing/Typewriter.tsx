import { useEffect, useState } from 'react';
import { quoteFromResponse, typewriterSteps, usableEntries } from '../../lib/browser/typewriter';

interface Props {
  quoteUrl: string;
  fallbackQuotes: string[];
  finalSentence: string;
}

const QUOTE_TIMEOUT_MS = 3000;

async function fetchQuote(url: string): Promise<string | null> {
  if (!url) return null;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(QUOTE_TIMEOUT_MS) });
    return response.ok ? quoteFromResponse(await response.json()) : null;
  } catch {
    return null;
  }
}

/** Types a quote, then always settles on the fixed sentence, whatever the quote service does. */
export default function Typewriter({ quoteUrl, fallbackQuotes, finalSentence }: Props) {
  const [text, setText] = useState('');
  const [done, setDone] = useState(false);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    let cancelled = false;
    const start = (quote: string | null) => {
      if (cancelled) return;
      const fallback = fallbackQuotes[Math.floor(Math.random() * fallbackQuotes.length)];
      const steps = typewriterSteps(usableEntries([quote ?? fallback, finalSentence]));
      const run = (i: number) => {
        if (i >= steps.length) return setDone(true);
        timer = setTimeout(() => {
          setText(steps[i].text);
          run(i + 1);
        }, steps[i].delay);
      };
      run(0);
    };
    if (quoteUrl) {
      // The quote is a nicety: it waits until the page is idle and never delays or breaks the line.
      const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200));
      idle(() => void fetchQuote(quoteUrl).then(start));
    } else start(null);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [quoteUrl, fallbackQuotes, finalSentence]);

  return (
    <p className="typewriter" data-done={done}>
      <span data-testid="typewriter-text">{text}</span>
      <span className="cursor" aria-hidden="true">
        |
      </span>
    </p>
  );
}
