import { useStore } from '@nanostores/react';
import { $online } from '../../stores/network';
import { useHydrated } from './useHydrated';

const NOTE_STYLE = {
  gridColumn: '1 / -1',
  margin: '8px 0',
  color: 'var(--color-text-muted)',
  fontSize: 14,
  textAlign: 'center',
} as const;

/** One quiet line while the device has no network: what this part of the page needs it for. */
export default function OfflineNote({ children }: { children: string }) {
  const online = useStore($online);
  // The server renders every island online; the line appears once the browser has said otherwise.
  if (!useHydrated() || online) return null;
  // Styled inline: the line exists only offline, in the browser, so no page's first flight carries its style.
  return (
    <p style={NOTE_STYLE} role="status">
      {children}
    </p>
  );
}
