import { useState, type FormEvent } from 'react';
import { KEYWORD_MAX_LENGTH } from '../../contract/limits';
import { adminText } from '../../i18n/admin.zh-CN';
import styles from './Admin.module.scss';

interface Props {
  /** What is searched, e.g. 搜索评论. */
  label: string;
  keyword: string;
  onSearch: (keyword: string) => void;
}

/** A keyword and its 搜索 button; Enter searches too, and an empty keyword lists everything. */
export default function SearchBox({ label, keyword, onSearch }: Props) {
  const [typed, setTyped] = useState(keyword);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(typed.trim());
  };
  return (
    <form role="search" className={styles.search} onSubmit={submit} aria-label={label}>
      <input
        type="search"
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        placeholder={adminText.searchPlaceholder}
        aria-label={label}
        maxLength={KEYWORD_MAX_LENGTH}
      />
      <button type="submit">{adminText.search}</button>
    </form>
  );
}
