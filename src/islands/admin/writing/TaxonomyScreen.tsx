import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { TAXONOMY_NAME_MAX } from '../../../contract/limits';
import { adminText } from '../../../i18n/admin.zh-CN';
import { writingText } from '../../../i18n/writing.zh-CN';
import { $adminBusy } from '../../../stores/adminTable';
import { $taxonomies, $taxonomiesFailed, loadTaxonomies, renameName } from '../../../stores/writingLists';
import adminStyles from '../Admin.module.scss';
import ProblemLine from '../ProblemLine';
import PublishStatus from './PublishStatus';
import styles from './Writing.module.scss';

const text = writingText;

function RenameRow({ kind, name, count }: { kind: 'category' | 'tag'; name: string; count: number }) {
  const busy = useStore($adminBusy);
  const [editing, setEditing] = useState(false);
  const [to, setTo] = useState(name);
  return (
    <tr>
      <td>{name}</td>
      <td>{count}</td>
      <td className={adminStyles.actions}>
        {editing ? (
          <form
            className={styles.toolbar}
            onSubmit={(e) => {
              e.preventDefault();
              void renameName(kind, name, to.trim()).then((ok) => ok && setEditing(false));
            }}
          >
            <input
              aria-label={text.renameTo(name)}
              value={to}
              maxLength={TAXONOMY_NAME_MAX}
              required
              onChange={(e) => setTo(e.target.value)}
            />
            <button type="submit" disabled={busy !== null || !to.trim() || to.trim() === name}>
              {text.rename}
            </button>
            <button type="button" onClick={() => setEditing(false)}>
              {text.cancel}
            </button>
          </form>
        ) : (
          <button type="button" onClick={() => setEditing(true)} aria-label={`${text.rename}：${name}`}>
            {text.rename}
          </button>
        )}
      </td>
    </tr>
  );
}

/** /admin/taxonomy: every category and tag with its article count; renaming onto an existing name merges the two. */
export default function TaxonomyScreen() {
  const taxonomies = useStore($taxonomies);
  const failed = useStore($taxonomiesFailed);
  useEffect(() => void loadTaxonomies(), []);
  if (!taxonomies && failed)
    return (
      <p>
        <button type="button" onClick={() => void loadTaxonomies()}>
          {adminText.loadFailed}
        </button>
      </p>
    );
  if (!taxonomies) return <p aria-busy="true">{adminText.loading}</p>;
  return (
    <div className={styles.screen}>
      <ProblemLine />
      <p className={styles.hint}>{text.mergeHint}</p>
      <PublishStatus />
      <div className={adminStyles.pair}>
        {(['categories', 'tags'] as const).map((key) => (
          <table key={key} className={adminStyles.table}>
            <caption>{key === 'categories' ? text.category : text.tags}</caption>
            <thead>
              <tr>
                <th scope="col">{text.name}</th>
                <th scope="col">{text.count}</th>
                <th scope="col">{adminText.actions}</th>
              </tr>
            </thead>
            <tbody>
              {taxonomies[key].map((row) => (
                <RenameRow
                  key={row.name}
                  kind={key === 'categories' ? 'category' : 'tag'}
                  name={row.name}
                  count={row.count}
                />
              ))}
            </tbody>
          </table>
        ))}
      </div>
    </div>
  );
}
