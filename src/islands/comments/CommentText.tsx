import { linkify } from '../../lib/linkify';
import styles from './Comments.module.scss';

/** A comment's text as typed, line breaks kept, with its web addresses as links that leave the site. */
export default function CommentText({ content }: { content: string }) {
  return (
    <p className={styles.text}>
      {linkify(content).map((part, i) =>
        'url' in part ? (
          <a key={i} href={part.url} target="_blank" rel="nofollow ugc noopener noreferrer">{part.url}</a>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </p>
  );
}
