import { useStore } from '@nanostores/react';
import { $online } from '../../stores/network';
import { useHydrated } from './useHydrated';

/** One quiet line while the device has no network: what this part of the page needs it for. */
export default function OfflineNote({ children }: { children: string }) {
  const online = useStore($online);
  // The server renders every island online; the line appears once the browser has said otherwise.
  if (!useHydrated() || online) return null;
  return (
    <p className="muted offline-note" role="status">
      {children}
    </p>
  );
}
