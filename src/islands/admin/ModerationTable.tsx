import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { ADMIN_COMMENT_STATUSES, type AdminComment, type AdminMessage } from '../../contract/admin';
import { COMMENT_TARGET_NAMES } from '../../contract/comments';
import { adminText } from '../../i18n/admin.zh-CN';
import { commentTargetPath } from '../../lib/browser/adminView';
import {
  commentSelection,
  commentTable,
  messageTable,
  moderateComments,
  removeModerated,
  setHidden,
  type ModerationFilter,
  type ModerationKind,
} from '../../stores/admin';
import { $adminBusy, type TableState } from '../../stores/adminTable';
import ConfirmButton from '../shared/ConfirmButton';
import Listing from './Listing';
import SearchBox from './SearchBox';
import styles from './Admin.module.scss';

const text = adminText;
const confirmClasses = { box: styles.confirm, danger: styles.danger };

type Row = AdminComment | AdminMessage;

const isComment = (row: Row): row is AdminComment => 'for_id' in row;

/** Where a row sits: the page a comment is on; a post is on the board. */
function Place({ row }: { row: Row }) {
  if (!isComment(row))
    return (
      <a href={`/message/detail?id=${row.id}`}>
        {text.messagesTab} #{row.id}
      </a>
    );
  return (
    <a href={commentTargetPath(row.type, row.for_id)}>
      {COMMENT_TARGET_NAMES[row.type]} #{row.for_id}
      {row.parent_id !== null && ` · ${text.reply}`}
    </a>
  );
}

/** Who wrote it: an account by its id; a guest with what they left, for the owner's eyes only. */
function Author({ row }: { row: Row }) {
  const guest = isComment(row) && row.user_id === 0;
  return (
    <>
      {row.nick_name}
      <small className={styles.sub}>{guest ? text.guest : text.userId(row.user_id)}</small>
      {guest && row.guest_email && <small className={styles.sub}>{row.guest_email}</small>}
      {guest && row.guest_site && <small className={styles.sub}>{row.guest_site}</small>}
    </>
  );
}

const stateOf = (row: Row) => (isComment(row) && row.held ? text.held : row.hidden ? text.hidden : text.shown);

/** The comments tab's status filter and its actions on the ticked rows. */
function CommentBulkBar({ filter }: { filter: ModerationFilter }) {
  const { ids } = useStore(commentSelection.$selection);
  const busy = useStore($adminBusy) !== null;
  const none = ids.length === 0 || busy;
  return (
    <>
      <div role="group" aria-label={text.statusFilter} className={styles.filters}>
        {ADMIN_COMMENT_STATUSES.map((status) => (
          <button
            key={status}
            type="button"
            aria-pressed={filter.status === status}
            onClick={() => void commentSelection.show(() => commentTable.open({ ...filter, status }))}
          >
            {text.commentStatuses[status]}
          </button>
        ))}
      </div>
      <div className={styles.bulk}>
        <span aria-live="polite">{text.selected(ids.length)}</span>
        <button type="button" onClick={() => void moderateComments(ids, 'approve')} disabled={none}>
          {text.approveSelected}
        </button>
        <button type="button" onClick={() => void moderateComments(ids, 'hide')} disabled={none}>
          {text.hideSelected}
        </button>
        <button type="button" onClick={() => void moderateComments(ids, 'show')} disabled={none}>
          {text.showSelected}
        </button>
        {ids.length > 0 && (
          <ConfirmButton
            label={text.removeSelected}
            question={text.confirmRemoveSelected(ids.length)}
            onConfirm={() => void moderateComments(ids, 'delete')}
            classes={confirmClasses}
          />
        )}
      </div>
    </>
  );
}

/**
 * One tab of /admin/moderation: search, the rows with their state, and hide, show and delete;
 * comments also by status, with approval, and ticked together.
 */
export default function ModerationTable({ kind }: { kind: ModerationKind }) {
  const comments = kind === 'comment';
  const table = comments ? commentTable : messageTable;
  const state = useStore(table.$list) as TableState<Row, ModerationFilter>;
  const { ids } = useStore(commentSelection.$selection);
  const busy = useStore($adminBusy);
  const label = comments ? text.commentsTab : text.messagesTab;
  const selectAll = useRef<HTMLInputElement>(null);
  const onPage = comments ? state.list.filter((row) => ids.includes(row.id)).length : 0;
  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = onPage > 0 && onPage < state.list.length;
  });
  const showing = (action: () => Promise<unknown>) => void (comments ? commentSelection.show(action) : action());

  return (
    <>
      <div className={styles.toolbar}>
        <SearchBox
          label={`${text.search}${label}`}
          keyword={state.filter.keyword}
          onSearch={(keyword) => showing(() => table.open({ ...state.filter, keyword }))}
        />
        {comments && <CommentBulkBar filter={state.filter} />}
      </div>
      <Listing
        label={label}
        state={state}
        onRetry={() => void table.reload()}
        onPage={(page) => showing(() => table.goTo(page))}
      >
        <table className={`${styles.table} ${styles.cards}`}>
          <thead>
            <tr>
              {comments && (
                <th scope="col" className={styles.check}>
                  <label className={styles.selectAll}>
                    <input
                      ref={selectAll}
                      type="checkbox"
                      aria-label={text.selectAll}
                      checked={state.list.length > 0 && onPage === state.list.length}
                      onChange={(e) => commentSelection.selectAll(e.target.checked)}
                    />
                    <span aria-hidden="true">{text.selectAll}</span>
                  </label>
                </th>
              )}
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
              const held = isComment(row) && row.held;
              return (
                <tr
                  key={row.id}
                  data-hidden={row.hidden || undefined}
                  data-held={held || undefined}
                  data-testid={`moderation-${kind}`}
                >
                  {comments && (
                    <td className={styles.check}>
                      <input
                        type="checkbox"
                        aria-label={text.select(`#${row.id}`)}
                        checked={ids.includes(row.id)}
                        onChange={(e) => commentSelection.toggle(row.id, e.target.checked)}
                      />
                    </td>
                  )}
                  <td className={styles.content} data-label={text.content}>
                    {isComment(row) ? row.content : row.message}
                  </td>
                  <td data-label={text.author}>
                    <Author row={row} />
                  </td>
                  <td className={styles.nowrap} data-label={text.where}>
                    <Place row={row} />
                  </td>
                  <td className={styles.nowrap} data-label={text.state}>
                    {stateOf(row)}
                  </td>
                  <td className={styles.nowrap} data-label={text.time}>
                    {row.createdAt}
                  </td>
                  <td className={styles.actions} aria-busy={busy === key}>
                    {held && (
                      <button
                        type="button"
                        onClick={() => void moderateComments([row.id], 'approve')}
                        disabled={busy !== null}
                      >
                        {text.approve}
                      </button>
                    )}
                    <button
                      type="button"
                      onClick={() => void setHidden(kind, row.id, !row.hidden)}
                      disabled={busy !== null}
                    >
                      {row.hidden ? text.show : text.hide}
                    </button>
                    <ConfirmButton
                      label={text.remove}
                      question={comments ? text.confirmRemoveComment : text.confirmRemoveMessage}
                      onConfirm={() => void removeModerated(kind, row.id)}
                      classes={confirmClasses}
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
