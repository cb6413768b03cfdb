import { relativeTime } from '../../lib/browser/relativeTime';
import { parseSiteDate } from '../../lib/shared/time';

/**
 * A time as the API writes it (`YYYY-MM-DD HH:mm:ss`, the site's time zone), shown as how long ago
 * it was; the exact time stays on hover and for machines. Rendered in the browser only, from
 * answers read there, so the server's clock never disagrees with the reader's.
 */
export default function TimeAgo({ at, className }: { at: string; className?: string }) {
  const date = parseSiteDate(at);
  if (!date) return <time className={className}>{at}</time>;
  return (
    <time className={className} dateTime={date.toISOString()} title={at}>
      {relativeTime(date)}
    </time>
  );
}
