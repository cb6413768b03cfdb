import { useStore } from '@nanostores/react';
import type { AdminComment, AdminMessage } from '../../contract/admin';
import { COMMENT_TARGET_NAMES } from '../../contract/comments';
import { adminText } from '../../i18n/admin.zh-CN';
import { commentTargetPath } from '../../lib/adminView';
import { commentTable, messageTable, removeModerated, setHidden, type ModerationKind } from '../../stores/admin';
import { $adminBusy, type TableState } from '../../stores/adminTable';
import ConfirmButton from '../shared/ConfirmButton';
import Listing from './Listing';
import SearchBox from './SearchBox';
import styles from './Admin.module.scss';

const text = adminText;

type Row = AdminComment | AdminMessage;

const isComment = (row: Row): row is AdminComment => 'for_id' in row;

/** Where a row sits: the page a comment is on; a post is on the board. */
function Place({ row }: { row: Row }) {
  if (!isComment(row)) return <a href={`/message/detail?id=${row.id}`}>{text.messagesTab} #{row.id}</a>;
  return (
    <a href={commentTargetPath(row.type, row.for_id)}>
      {COMMENT_TARGET_NAMES[row.type]} #{row.for_id}
      {row.parent_id !== null && ` · ${text.reply}`}
    </a>
  );
}

/** One tab of /admin/moderation: search, the rows with their state, and hide, show and delete. */
export default function ModerationTable({ kind }: { kind: ModerationKind }) {
  const table = kind === 'comment' ? commentTable : messageTable;
  const state = useStore(table.$table) as TableState<Row, string>;
  const busy = useStore($adminBusy);
  const label = kind === 'comment' ? text.commentsTab : text.messagesTab;

  return (
    <>
      <div className={styles.toolbar}>
        <SearchBox label={`${text.search}${label}`} keyword={state.filter} onSearch={(keyword) => void table.open(keyword)} />
      </div>
      <Listing label={label} state={state} onRetry={() => void table.reload()} onPage={(page) => void table.goTo(page)}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{text.content}</th>
              <th scope="col">{text.author}</th>
              <th scope="col">{text.where}</th>
              <th scope="col">{text.state}</th>
              <th scope="col">{text.time}</th>
              <th scope="col">{text.actions}</th>
            </tr>
          </thead>
          <tbody>
            {state.list.map((row) => {
              const key = `${kind}:${row.id}`;
              return (
                <tr key={row.id} data-hidden={row.hidden || undefined}>
                  <td className={styles.content}>{isComment(row) ? row.content : row.message}</td>
                  <td>
                    {row.nick_name}
                    <small className={styles.sub}>{text.userId(row.user_id)}</small>
                  </td>
                  <td className={styles.nowrap}><Place row={row} /></td>
                  <td className={styles.nowrap}>{row.hidden ? text.hidden : text.shown}</td>
                  <td className={styles.nowrap}>{row.createdAt}</td>
                  <td className={styles.actions} aria-busy={busy === key}>
                    <button type="button" onClick={() => void setHidden(kind, row.id, !row.hidden)} disabled={busy !== null}>
                      {row.hidden ? text.show : text.hide}
                    </button>
                    <ConfirmButton
                      label={text.remove}
                      question={kind === 'comment' ? text.confirmRemoveComment : text.confirmRemoveMessage}
                      onConfirm={() => void removeModerated(kind, row.id)}
                      classes={{ box: styles.confirm, danger: styles.danger }}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </Listing>
    </>
  );
}
