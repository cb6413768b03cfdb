import { linkify } from '../../lib/browser/linkify';

/**
 * Text a reader wrote, as typed, with its web addresses as links that leave the site. Unstyled on
 * its own: the comment list and the message board each give it their look (`className`), and
 * importing one of their stylesheets here would tie the two chunks together.
 */
export default function CommentText({ content, className }: { content: string; className?: string }) {
  return (
    <p className={className}>
      {linkify(content).map((part, i) =>
        'url' in part ? (
          <a key={i} href={part.url} target="_blank" rel="nofollow ugc noopener noreferrer">
            {part.url}
          </a>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </p>
  );
}
