import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { call } from '../../client/api';
import type { HotArticle, SearchResult } from '../../contract/articles';
import { ARTICLE_HOT, ARTICLE_SEARCH } from '../../contract/routes';
import { heldTyping } from '../../client/earlyTyping';
import { $searchHistory, recordSearch } from '../../stores/search';

const DEBOUNCE_MS = 300;

export type SearchStatus = 'idle' | 'loading' | 'done' | 'error';

/**
 * The search dialog's state: what is typed, the results of the last pause in typing (or of
 * Enter), the hot list fetched on first open, and the history of searches the reader chose.
 */
export function useSearch(open: boolean) {
  const history = useStore($searchHistory);
  // What the reader typed before the dialog arrived (client/earlyTyping.ts), if anything.
  const [keyword, setKeyword] = useState(heldTyping);
  // While an IME is composing, the input holds pinyin, not what the reader means to search.
  const [composing, setComposing] = useState(false);
  const [results, setResults] = useState<SearchResult[]>([]);
  // The keyword the shown results answer; the input may have moved on since.
  const [answered, setAnswered] = useState('');
  const [status, setStatus] = useState<SearchStatus>('idle');
  const [hot, setHot] = useState<HotArticle[] | null>(null);
  // The hot list did not arrive: said so, and asked for again the next time the dialog opens.
  const [hotFailed, setHotFailed] = useState(false);
  const latest = useRef(0);
  const pause = useRef<ReturnType<typeof setTimeout>>(undefined);
  const term = keyword.trim();

  useEffect(() => {
    if (!open || (hot !== null && !hotFailed)) return;
    setHotFailed(false);
    setHot(null);
    call(ARTICLE_HOT).then(
      ({ result }) => setHot(result ?? []),
      () => {
        setHot([]);
        setHotFailed(true);
      },
    );
  }, [open]);

  const search = async (asked: string, kind: 'answered' | 'submitted') => {
    const request = ++latest.current;
    setStatus('loading');
    try {
      const { result } = await call(ARTICLE_SEARCH, { keyword: asked });
      // Kept even if the reader has typed on since: they pressed Enter on it.
      recordSearch({ kind, term: asked });
      // A slower answer to an older keyword never replaces a newer one.
      if (request !== latest.current) return;
      setResults(result ?? []);
      setAnswered(asked);
      setStatus('done');
    } catch {
      if (request === latest.current) setStatus('error');
    }
  };

  useEffect(() => {
    if (composing) return;
    if (!term) {
      latest.current++;
      setStatus('idle');
      setResults([]);
      setAnswered('');
      return;
    }
    setStatus('loading');
    pause.current = setTimeout(() => void search(term, 'answered'), DEBOUNCE_MS);
    return () => clearTimeout(pause.current);
  }, [term, composing]);

  return {
    keyword,
    term,
    results,
    status,
    hot,
    hotFailed,
    history,
    setKeyword,
    composition: {
      onCompositionStart: () => setComposing(true),
      onCompositionEnd: (text: string) => {
        setComposing(false);
        setKeyword(text);
      },
    },
    /** Enter without a highlighted option: search now, and keep the keyword once it is answered. */
    submit() {
      if (!term || composing) return;
      if (status === 'done' && answered === term) return recordSearch({ kind: 'submitted', term });
      clearTimeout(pause.current);
      void search(term, 'submitted');
    },
    /** The reader is opening one of the results: the keyword that found it is kept. */
    opened() {
      if (answered) recordSearch({ kind: 'opened', term: answered });
    },
  };
}
