import { useStore } from '@nanostores/react';
import { navigate } from 'astro:transitions/client';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { t } from '../../i18n/zh-CN';
import { releaseTyping } from '../../client/earlyTyping';
import { $searchOpen, clearSearchHistory, closeSearch, searchDialogArrived } from '../../stores/search';
import { useModal } from '../shared/useModal';
import HistoryList from './HistoryList';
import HotList from './HotList';
import { searchOptions, type OptionAttributes, type SearchOption } from './options';
import ResultList from './ResultList';
import SearchField from './SearchField';
import { useSearch } from './useSearch';
import styles from './SearchDialog.module.scss';

/** The search dialog: history and hot list when empty, highlighted results when typing. */
export default function SearchDialog() {
  const open = useStore($searchOpen);
  const search = useSearch(open);
  const input = useRef<HTMLInputElement>(null);
  // Opened through the field that held the typing (client/earlyTyping.ts): focus goes back to what had it before that field.
  const returnTo = useRef<HTMLElement | null>(null);
  const dialog = useModal<HTMLDivElement>(open, closeSearch, { initialFocus: input, returnFocus: returnTo });
  const [active, setActive] = useState(-1);
  const listId = useId();
  const optionId = (i: number) => `${listId}-option-${i}`;

  useEffect(searchDialogArrived, []);
  // Reopened, the last keyword is selected, so typing replaces it. Opened before the dialog had
  // arrived, it goes on from what the reader has typed meanwhile, now that its field has the focus.
  useEffect(() => {
    if (!open) return;
    const { text: typed, focusBefore } = releaseTyping();
    returnTo.current = focusBefore;
    if (!typed) return void input.current?.select();
    if (typed !== search.keyword) search.setKeyword(typed);
    else input.current?.setSelectionRange(typed.length, typed.length);
  }, [open]);
  useEffect(() => setActive(-1), [search.term, search.results]);

  if (!open) return null;

  const options = searchOptions(search.term, search.results, search.history, search.hot);
  const goToArticle = (id: number) => {
    closeSearch();
    void navigate(`/article/${id}`);
  };
  const openResult = (id: number) => {
    search.opened();
    goToArticle(id);
  };
  const choose = (option: SearchOption) => {
    if (option.kind === 'term') search.setKeyword(option.term);
    else if (option.kind === 'result') openResult(option.id);
    else goToArticle(option.id);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if ((e.key === 'ArrowDown' || e.key === 'ArrowUp') && options.length > 0) {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + options.length) % options.length);
    } else if (e.key === 'Enter' && !e.nativeEvent.isComposing && e.target === input.current) {
      e.preventDefault();
      if (options[active]) choose(options[active]);
      else search.submit();
    }
  };
  const option: OptionAttributes = (i) => ({
    id: optionId(i),
    role: 'option',
    'aria-selected': i === active,
    className: i === active ? styles.active : undefined,
    onMouseEnter: () => setActive(i),
  });

  return (
    <div className={styles.overlay} onMouseDown={(e) => e.target === e.currentTarget && closeSearch()}>
      <div
        ref={dialog}
        className={styles.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${listId}-title`}
        onKeyDown={onKeyDown}
      >
        <header className={styles.head}>
          <h2 id={`${listId}-title`}>{t.search.title}</h2>
          <button type="button" className={styles.close} onClick={closeSearch} aria-label={t.search.close}>
            ×
          </button>
        </header>
        <SearchField
          input={input}
          search={search}
          listId={`${listId}-list`}
          expanded={options.length > 0}
          activeId={active >= 0 ? optionId(active) : undefined}
        />
        <div id={`${listId}-list`} role="listbox" aria-label={t.search.title} className={styles.body}>
          {search.term ? (
            <ResultList
              term={search.term}
              results={search.results}
              status={search.status}
              option={option}
              onOpen={openResult}
            />
          ) : (
            <>
              <HistoryList
                history={search.history}
                option={option}
                onPick={search.setKeyword}
                onClear={clearSearchHistory}
              />
              <HotList
                hot={search.hot}
                failed={search.hotFailed}
                first={search.history.length}
                option={option}
                onOpen={goToArticle}
              />
            </>
          )}
        </div>
      </div>
    </div>
  );
}
