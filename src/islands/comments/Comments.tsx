import { useStore } from '@nanostores/react';
import { lazy, Suspense, useState } from 'react';
import type { CommentTargetCode } from '../../contract/comments';
import { t } from '../../i18n/zh-CN';
import { $online } from '../../stores/network';
import OfflineNote from '../shared/OfflineNote';
import { useHydrated } from '../shared/useHydrated';
import { neverOnServer } from '../shared/useOnDemand';
import { needsNetworkText } from '../../i18n/needsNetwork.zh-CN';

// The section's code and stylesheet load once the island is near the screen: the page itself
// carries only this frame, so its first flight stays the same size.
const CommentSection = lazy(() => (import.meta.env.SSR ? neverOnServer() : import('./CommentSection')));

interface Props {
  type: CommentTargetCode;
  forId: number;
  /** Shown for commenters without an avatar of their own. */
  defaultAvatar: string;
}

/** The comments under an article, a talk or a message-board post. */
export default function Comments({ type, forId, defaultAvatar }: Props) {
  // The server renders the frame with its loading line; the section replaces it in the browser.
  const waiting = <p className="muted">{t.comments.loading}</p>;
  const hydrated = useHydrated();
  const online = useStore($online);
  // Offline, the section's code may never have been fetched: it starts once the network is there,
  // and stays (with its draft) if the network goes again.
  const [started, setStarted] = useState(false);
  if (hydrated && online && !started) setStarted(true);
  return (
    <section
      className="container card"
      style={{ padding: '16px 20px', marginTop: 24 }}
      aria-labelledby="comments-title"
      data-testid="comments"
    >
      <h2 id="comments-title" style={{ margin: '0 0 12px', fontSize: 20 }}>
        {t.comments.title}
      </h2>
      <OfflineNote>{needsNetworkText.comments}</OfflineNote>
      {started ? (
        <Suspense fallback={waiting}>
          <CommentSection type={type} forId={forId} defaultAvatar={defaultAvatar} />
        </Suspense>
      ) : (
        !hydrated && waiting
      )}
    </section>
  );
}
