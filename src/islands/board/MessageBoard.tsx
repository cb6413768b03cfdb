import { useStore } from '@nanostores/react';
import { useEffect, useLayoutEffect } from 'react';
import { t } from '../../i18n/zh-CN';
import {
  $board,
  $boardScroll,
  $hotTags,
  chooseTag,
  removeMessage,
  loadMoreMessages,
  openBoard,
  rememberScroll,
  toggleMessageLike,
} from '../../stores/board';
import { $isLoggedIn, $userInfo } from '../../stores/user';
import OfflineNote from '../shared/OfflineNote';
import { useHydrated } from '../shared/useHydrated';
import MessageCard from './MessageCard';
import styles from './Board.module.scss';
import { needsNetworkText } from '../../i18n/needsNetwork.zh-CN';

const text = t.board;

/** /message/list: messages by hot tag, ten-odd at a time, kept as left when the reader comes back. */
export default function MessageBoard({ defaultAvatar }: { defaultAvatar: string }) {
  const hydrated = useHydrated();
  const state = useStore($board);
  const hotTags = useStore($hotTags);
  const loggedIn = useStore($isLoggedIn);
  const user = useStore($userInfo);
  const me = hydrated && loggedIn && user ? user : null;

  useEffect(() => void openBoard(), []);

  // Back on the list: the same place. Leaving it: remember where that was.
  useLayoutEffect(() => {
    if (!hydrated) return;
    const scrollY = $boardScroll.get();
    if ($board.get().loaded && scrollY > 0) window.scrollTo(0, scrollY);
    const leave = () => rememberScroll(window.scrollY);
    document.addEventListener('astro:before-preparation', leave);
    return () => document.removeEventListener('astro:before-preparation', leave);
  }, [hydrated]);

  if (!hydrated) return <p className="muted">{text.loading}</p>;

  const more = state.list.length < state.total;
  const bottom = state.failed
    ? text.loadFailed
    : state.loading
      ? text.loading
      : more
        ? text.loadMore
        : state.list.length === 0
          ? state.filter
            ? text.emptyTag(state.filter)
            : text.empty
          : text.end;

  return (
    <div className={styles.board}>
      <OfflineNote>{needsNetworkText.board}</OfflineNote>
      <div className={styles.tags} role="group" aria-label={text.hotTags}>
        <button type="button" aria-pressed={state.filter === ''} onClick={() => void chooseTag('')}>
          {text.allTags}
        </button>
        {hotTags.map(({ tag, count }) => (
          <button key={tag} type="button" aria-pressed={state.filter === tag} onClick={() => void chooseTag(tag)}>
            #{tag} <small>{count}</small>
          </button>
        ))}
      </div>
      <ul className={styles.grid} aria-busy={state.loading}>
        {state.list.map((message) => (
          <li key={message.id}>
            <MessageCard
              message={message}
              me={me}
              defaultAvatar={defaultAvatar}
              linked
              onLike={() => void toggleMessageLike(message)}
              onDelete={() => void removeMessage(message.id)}
            />
          </li>
        ))}
      </ul>
      <button
        type="button"
        className={styles.more}
        onClick={() => void loadMoreMessages()}
        disabled={!state.failed && (!more || state.loading)}
      >
        {bottom}
      </button>
    </div>
  );
}
