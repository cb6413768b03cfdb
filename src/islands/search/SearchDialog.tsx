import { useStore } from '@nanostores/react';
import { navigate } from 'astro:transitions/client';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { api, type HotArticle, type SearchResult } from '../../client/api';
import { t } from '../../i18n/zh-CN';
import { $searchHistory, $searchOpen, clearSearchHistory, closeSearch, rememberSearch } from '../../stores/search';
import Highlighted from './Highlighted';
import styles from './SearchDialog.module.scss';

const DEBOUNCE_MS = 300;
const CIRCLED = ['①', '②', '③', '④', '⑤'];
const KEYWORD_MAX = 50;

type Status = 'idle' | 'loading' | 'done' | 'error';

/** An option the arrow keys can reach: a result, a past search or a hot article. */
type Option = { kind: 'article'; id: number } | { kind: 'term'; term: string };

/** The search dialog (SPEC section 2): history and hot list when empty, highlighted results when typing. */
export default function SearchDialog() {
  const open = useStore($searchOpen);
  const history = useStore($searchHistory);
  const [keyword, setKeyword] = useState('');
  const [results, setResults] = useState<SearchResult[]>([]);
  const [status, setStatus] = useState<Status>('idle');
  const [hot, setHot] = useState<HotArticle[] | null>(null);
  const [active, setActive] = useState(-1);
  // While an IME is composing, the input holds pinyin, not what the reader means to search.
  const [composing, setComposing] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const latest = useRef(0);
  const listId = useId();
  const term = keyword.trim();

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    input.current?.focus();
    input.current?.select();
    if (hot === null) api.hot().then(({ result }) => setHot(result ?? []), () => setHot([]));
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = '';
      opener?.focus?.();
    };
  }, [open]);

  useEffect(() => {
    if (composing) return;
    setActive(-1);
    if (!term) {
      latest.current++;
      setStatus('idle');
      setResults([]);
      return;
    }
    setStatus('loading');
    const request = ++latest.current;
    const timer = setTimeout(async () => {
      try {
        const { result } = await api.search(term);
        // A slower answer to an older keyword never replaces a newer one.
        if (request !== latest.current) return;
        setResults(result ?? []);
        setStatus('done');
        rememberSearch(term);
      } catch {
        if (request === latest.current) setStatus('error');
      }
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [term, composing]);

  if (!open) return null;

  const options: Option[] = term
    ? results.map((r) => ({ kind: 'article', id: r.id }))
    : [...[...history].reverse().map((h): Option => ({ kind: 'term', term: h })), ...(hot ?? []).map((h): Option => ({ kind: 'article', id: h.id }))];

  const go = (id: number) => {
    closeSearch();
    void navigate(`/article/${id}`);
  };
  const choose = (option: Option | undefined) => {
    if (!option) return;
    if (option.kind === 'article') go(option.id);
    else setKeyword(option.term);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      closeSearch();
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (options.length === 0) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + options.length) % options.length);
    } else if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
      e.preventDefault();
      choose(options[active] ?? (term ? options[0] : undefined));
    }
  };
  const optionId = (i: number) => `${listId}-option-${i}`;
  const isActive = (i: number) => (i === active ? styles.active : undefined);
  let index = 0;

  return (
    <div className={styles.overlay} onMouseDown={(e) => e.target === e.currentTarget && closeSearch()}>
      <div className={styles.dialog} role="dialog" aria-modal="true" aria-labelledby={`${listId}-title`} onKeyDown={onKeyDown}>
        <header className={styles.head}>
          <h2 id={`${listId}-title`}>{t.search.title}</h2>
          <button type="button" className={styles.close} onClick={closeSearch} aria-label={t.search.close}>×</button>
        </header>
        <div className={styles.field}>
          <input
            ref={input}
            type="search"
            value={keyword}
            maxLength={KEYWORD_MAX}
            placeholder={t.search.placeholder}
            aria-label={t.search.placeholder}
            role="combobox"
            aria-expanded={options.length > 0}
            aria-controls={`${listId}-list`}
            aria-activedescendant={active >= 0 ? optionId(active) : undefined}
            onChange={(e) => setKeyword(e.target.value)}
            onCompositionStart={() => setComposing(true)}
            onCompositionEnd={(e) => {
              setComposing(false);
              setKeyword(e.currentTarget.value);
            }}
          />
          {keyword && (
            <button type="button" className={styles.clear} onClick={() => { setKeyword(''); input.current?.focus(); }} aria-label={t.search.clear}>×</button>
          )}
        </div>

        <div id={`${listId}-list`} role="listbox" aria-label={t.search.title} className={styles.body}>
          {term ? (
            <>
              {status === 'loading' && results.length === 0 && <p className={styles.state}>{t.search.loading}</p>}
              {status === 'error' && <p className={styles.state}>{t.search.failed}</p>}
              {status === 'done' && results.length === 0 && <p className={styles.state}>{t.search.empty}</p>}
              <ul className={styles.results}>
                {results.map((r) => {
                  const i = index++;
                  return (
                    <li key={r.id} id={optionId(i)} role="option" aria-selected={i === active} className={isActive(i)} onMouseEnter={() => setActive(i)}>
                      <a href={`/article/${r.id}`} onClick={(e) => { e.preventDefault(); go(r.id); }}>
                        <strong><Highlighted text={r.article_title} keyword={term} /></strong>
                        <span><Highlighted text={r.article_content} keyword={term} /></span>
                      </a>
                    </li>
                  );
                })}
              </ul>
            </>
          ) : (
            <>
              <section aria-label={t.search.history}>
                <div className={styles.sectionHead}>
                  <h3>{t.search.history}</h3>
                  {history.length > 0 && <button type="button" onClick={clearSearchHistory}>{t.search.clearHistory}</button>}
                </div>
                {history.length === 0 ? (
                  <p className={styles.muted}>{t.search.noHistory}</p>
                ) : (
                  <ul className={styles.terms} data-testid="search-history">
                    {[...history].reverse().map((h) => {
                      const i = index++;
                      return (
                        <li key={h} id={optionId(i)} role="option" aria-selected={i === active} className={isActive(i)}>
                          <button type="button" onClick={() => setKeyword(h)}>{h}</button>
                        </li>
                      );
                    })}
                  </ul>
                )}
              </section>
              <section aria-label={t.search.hot}>
                <div className={styles.sectionHead}><h3>{t.search.hot}</h3></div>
                {hot === null ? (
                  <p className={styles.muted}>{t.search.loading}</p>
                ) : (
                  <ol className={styles.hot} data-testid="search-hot">
                    {hot.map((h, n) => {
                      const i = index++;
                      return (
                        <li key={h.id} id={optionId(i)} role="option" aria-selected={i === active} className={isActive(i)}>
                          <a href={`/article/${h.id}`} onClick={(e) => { e.preventDefault(); go(h.id); }}>
                            <span className={styles.rank} data-rank={n + 1}>{CIRCLED[n]}</span>
                            {h.article_title}
                          </a>
                        </li>
                      );
                    })}
                  </ol>
                )}
              </section>
            </>
          )}
        </div>
      </div>
    </div>
  );
}
