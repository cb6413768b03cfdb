import type { RefObject } from 'react';
import { KEYWORD_MAX_LENGTH } from '../../contract/limits';
import { t } from '../../i18n/zh-CN';
import type { useSearch } from './useSearch';
import styles from './SearchDialog.module.scss';

interface Props {
  input: RefObject<HTMLInputElement | null>;
  search: ReturnType<typeof useSearch>;
  listId: string;
  expanded: boolean;
  activeId: string | undefined;
}

/** The clearable keyword input; it owns the listbox below as a combobox. */
export default function SearchField({ input, search, listId, expanded, activeId }: Props) {
  return (
    <div className={styles.field}>
      <input
        ref={input}
        type="search"
        value={search.keyword}
        maxLength={KEYWORD_MAX_LENGTH}
        placeholder={t.search.placeholder}
        aria-label={t.search.placeholder}
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={activeId}
        onChange={(e) => search.setKeyword(e.target.value)}
        onCompositionStart={search.composition.onCompositionStart}
        onCompositionEnd={(e) => search.composition.onCompositionEnd(e.currentTarget.value)}
      />
      {search.keyword && (
        <button
          type="button"
          className={styles.clear}
          onClick={() => {
            search.setKeyword('');
            input.current?.focus();
          }}
          aria-label={t.search.clear}
        >
          ×
        </button>
      )}
    </div>
  );
}
