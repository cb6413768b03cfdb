import { useStore } from '@nanostores/react';
import { navigate } from 'astro:transitions/client';
import { useEffect, useState } from 'react';
import { api } from '../../client/api';
import type { BoardMessage } from '../../contract/messages';
import { t } from '../../i18n/zh-CN';
import { deletePost, togglePostLike } from '../../stores/board';
import { $isLoggedIn, $userInfo } from '../../stores/user';
import Comments from '../comments/Comments';
import { useHydrated } from '../shared/useHydrated';
import PostCard from './PostCard';
import styles from './Board.module.scss';

const text = t.board;

/** /message/detail?id=N: the post, then its comments. */
/** `comments`: whether the site's comments are on (site config `features`). */
export default function MessageDetail({ defaultAvatar, comments = true }: { defaultAvatar: string; comments?: boolean }) {
  const hydrated = useHydrated();
  const loggedIn = useStore($isLoggedIn);
  const user = useStore($userInfo);
  const me = hydrated && loggedIn && user ? user : null;
  const [post, setPost] = useState<BoardMessage | null | 'missing'>(null);

  useEffect(() => {
    const id = Number(new URLSearchParams(location.search).get('id'));
    if (!Number.isInteger(id) || id <= 0) return setPost('missing');
    api.message(id).then(({ result }) => setPost(result ?? 'missing'), () => setPost('missing'));
  }, []);

  if (post === null) return <p className="muted">{text.loading}</p>;
  if (post === 'missing') return <p className="empty">{text.notFound}</p>;

  return (
    <div className={styles.detail}>
      <PostCard
        post={post}
        me={me}
        defaultAvatar={defaultAvatar}
        onLike={() => void togglePostLike(post).then(setPost)}
        onDelete={() => void deletePost(post.id).then((gone) => {
          if (gone) void navigate('/message/list');
        })}
      />
      {comments && <Comments type={3} forId={post.id} defaultAvatar={defaultAvatar} />}
    </div>
  );
}
