import { useStore } from '@nanostores/react';
import { useId, useState, type FormEvent } from 'react';
import { COMMENT_MAX_CHARS } from '../../contract/limits';
import { t } from '../../i18n/zh-CN';
import { charCount } from '../../lib/shared/text';
import { $drafts, setDraft } from '../../stores/comments';
import { rememberRoute, type UserInfo } from '../../stores/user';
import GuestFields from './GuestFields';
import styles from './Comments.module.scss';

const text = t.comments;

interface Props {
  /** Where the draft is kept; '' while the section is not ready. */
  draftKey: string;
  me: UserInfo | null;
  /** Whether the owner lets readers without an account comment (they then give a nickname). */
  guestsAllowed: boolean;
  /** Sends the draft; answers an error to show, or null once sent. */
  onSend: () => Promise<string | null>;
  label: string;
  onCancel?: () => void;
  autoFocus?: boolean;
}

/** A comment box: the draft survives a failed send, and Ctrl+Enter sends. A guest gives a nickname above it. */
export default function CommentInput({ draftKey, me, guestsAllowed, onSend, label, onCancel, autoFocus }: Props) {
  const drafts = useStore($drafts);
  const value = drafts[draftKey] ?? '';
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();

  if (!me && !guestsAllowed) {
    return (
      <p className={styles.login}>
        {text.loginFirst}
        <a href="/login" onClick={() => rememberRoute()}>
          {text.goLogin}
        </a>
      </p>
    );
  }

  const length = charCount(value);
  async function send(e?: FormEvent) {
    e?.preventDefault();
    if (busy || !draftKey) return;
    setBusy(true);
    setProblem((await onSend()) ?? '');
    setBusy(false);
  }

  return (
    <form className={styles.form} onSubmit={send} noValidate>
      {!me && <GuestFields />}
      <textarea
        id={id}
        value={value}
        onChange={(e) => {
          setDraft(draftKey, e.target.value);
          setProblem('');
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void send();
        }}
        placeholder={label}
        aria-label={label}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-hint`}
        rows={3}
        autoFocus={autoFocus}
      />
      <div className={styles.formRow}>
        <span
          id={`${id}-hint`}
          className={problem ? styles.error : styles.counter}
          role={problem ? 'alert' : undefined}
          data-over={length > COMMENT_MAX_CHARS || undefined}
        >
          {problem || text.counter(length, COMMENT_MAX_CHARS)}
        </span>
        {onCancel && (
          <button type="button" className={styles.plain} onClick={onCancel}>
            {text.cancelReply}
          </button>
        )}
        <button type="submit" className={styles.send} disabled={busy || value.trim() === ''}>
          {busy ? text.sending : text.send}
        </button>
      </div>
    </form>
  );
}
