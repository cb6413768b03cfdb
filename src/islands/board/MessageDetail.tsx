import { useStore } from '@nanostores/react';
import { navigate } from 'astro:transitions/client';
import { lazy, Suspense, useEffect, useState } from 'react';
import { call } from '../../client/api';
import { MESSAGE_GET } from '../../contract/routes';
import type { BoardMessage } from '../../contract/messages';
import { t } from '../../i18n/zh-CN';
import { RequestError } from '../../lib/browser/request';
import { removeMessage, toggleMessageLike } from '../../stores/board';
import { $isLoggedIn, $userInfo } from '../../stores/user';
import { useHydrated } from '../shared/useHydrated';
import { neverOnServer } from '../shared/useOnDemand';
import MessageCard from './MessageCard';
import styles from './Board.module.scss';

// Loaded only where comments are on: a site without them sends no reader their code.
const Comments = lazy(() => (import.meta.env.SSR ? neverOnServer() : import('../comments/Comments')));

const text = t.board;

/** /message/detail?id=N: the message, then its comments. */
/** `comments`: whether the site's comments are on (site config `features`). */
export default function MessageDetail({
  defaultAvatar,
  comments = true,
}: {
  defaultAvatar: string;
  comments?: boolean;
}) {
  const hydrated = useHydrated();
  const loggedIn = useStore($isLoggedIn);
  const user = useStore($userInfo);
  const me = hydrated && loggedIn && user ? user : null;
  // 'failed': not reached (the network, the server), which trying again may mend; 'missing': gone.
  const [message, setMessage] = useState<BoardMessage | null | 'missing' | 'failed'>(null);

  function read() {
    const id = Number(new URLSearchParams(location.search).get('id'));
    if (!Number.isInteger(id) || id <= 0) return setMessage('missing');
    setMessage(null);
    call(MESSAGE_GET, { id }).then(
      ({ result }) => setMessage(result ?? 'missing'),
      (error: unknown) => setMessage(error instanceof RequestError && error.status === 404 ? 'missing' : 'failed'),
    );
  }
  useEffect(read, []);

  if (message === null) return <p className="muted">{text.loading}</p>;
  if (message === 'missing') return <p className="empty">{text.notFound}</p>;
  if (message === 'failed') {
    return (
      <button type="button" className={styles.more} onClick={read}>
        {text.loadFailed}
      </button>
    );
  }

  return (
    <div className={styles.detail}>
      <MessageCard
        message={message}
        me={me}
        defaultAvatar={defaultAvatar}
        onLike={() => void toggleMessageLike(message).then(setMessage)}
        onDelete={() =>
          void removeMessage(message.id).then((gone) => {
            if (gone) void navigate('/message/list');
          })
        }
      />
      {comments && (
        <Suspense fallback={null}>
          <Comments type={3} forId={message.id} defaultAvatar={defaultAvatar} />
        </Suspense>
      )}
    </div>
  );
}
