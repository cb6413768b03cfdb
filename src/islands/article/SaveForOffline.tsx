import { useEffect, useState } from 'react';
import { showToast } from '../../client/toasts';
import styles from './SaveForOffline.module.scss';
import { offlineText } from '../../i18n/offline.zh-CN';
import { OFFLINE_PAGE } from '../../lib/shared/offline/rules';

const text = offlineText;

// Loaded when the button first acts: the article kind's shared chunk, which the page loads at idle, stays without it.
const shelf = () => import('../../client/offlineShelf');

/**
 * 「离线保存」 under an article: the article and its pictures kept until the reader removes them
 * (here again, or on the offline page). Disabled until the browser says whether it is saved; gone
 * where the browser keeps no caches.
 */
export default function SaveForOffline() {
  const [saved, setSaved] = useState<boolean | null>(null);
  const [supported, setSupported] = useState(true);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!('caches' in window)) return setSupported(false);
    void shelf()
      .then(({ isSaved }) => isSaved(location.pathname))
      .then(setSaved, () => setSupported(false));
  }, []);

  async function toggle() {
    setBusy(true);
    try {
      const { removeSaved, saveThisPage } = await shelf();
      if (saved) await removeSaved(location.pathname);
      else await saveThisPage();
      setSaved(!saved);
    } catch {
      showToast(text.saveFailed, 'error');
    } finally {
      setBusy(false);
    }
  }

  if (!supported) return null;
  return (
    <span className={styles.cell}>
      <button
        type="button"
        className={styles.save}
        aria-pressed={saved === true}
        disabled={saved === null || busy}
        onClick={() => void toggle()}
      >
        {busy && !saved ? text.saving : saved ? text.savedDone : text.save}
      </button>
      {/* Where the saved articles are listed, and removed. */}
      {saved && <a href={OFFLINE_PAGE}>{text.savedList}</a>}
    </span>
  );
}
