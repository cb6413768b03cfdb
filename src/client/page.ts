/**
 * Every script a page runs before its islands, as one module: astro.config.mjs injects it as a
 * page script, so it ships in the same file as Astro's prefetching and is cached once for the
 * whole site. It runs once per tab: <ClientRouter /> keeps it across navigations, so everything
 * here listens on the document and looks elements up on each use, and pages without them (the
 * landing and login screens) simply have nothing to update.
 */
// The `client:interaction` directive, before the island element: no island starts without it.
import './hydrateOnInteraction';
// Astro's island element, which Astro would otherwise inline into every page that has an island;
// the build takes the inline copy out (astro.config.mjs).
import 'astro/runtime/server/astro-island.js';
import { backToTopVisible, headerVisible } from '../lib/browser/scroll';
import { enhanceSubmenus, markCurrent } from '../lib/browser/headerMenu';
import { greeting } from '../lib/browser/greeting';
import { hasSavedSong, PLAYER_STORAGE_KEY } from '../lib/browser/player';
import { $isLoggedIn, $userInfo } from './account';
import { SITE_ADD_VIEW, splitRoute } from '../contract/routes';
import { XHR_HEADERS } from '../lib/browser/xhr';
import { addCopyButtons } from './copyCode';
import { wakeWhenIdle } from './islands';
import { showToast } from './toasts';
import { yieldToMain } from './yieldToMain';
import './offline';
import './searchShortcut';
import './session';
import './skippedTransitions';
import './toaster';

/* Lazily loaded islands (the search dialog, the player's panel) bring their stylesheets as <link>s
 * the next page's head does not have, and the router would drop them while the islands stay. */
document.addEventListener('astro:before-swap', (e) => {
  const next = e.newDocument.head;
  for (const link of document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) {
    if (
      ![...next.querySelectorAll('link[rel="stylesheet"]')].some(
        (other) => other.getAttribute('href') === link.getAttribute('href'),
      )
    ) {
      next.append(link.cloneNode());
    }
  }
});

/* Header (components/Header.astro): hides while scrolling down, marks the current page. */
const header = () => document.getElementById('site-header');
let lastY = window.scrollY;
let headerShown = true;
let headerPending = false;

function updateHeader() {
  headerPending = false;
  const y = window.scrollY;
  const next = headerVisible(lastY, y, headerShown);
  const element = header();
  if (element && element.dataset.visible !== String(next)) element.dataset.visible = String(next);
  headerShown = next;
  lastY = y;
}
window.addEventListener(
  'scroll',
  () => {
    if (!headerPending) {
      headerPending = true;
      requestAnimationFrame(updateHeader);
    }
  },
  { passive: true },
);

markCurrent(header(), location.pathname);
enhanceSubmenus(header);
document.addEventListener('astro:after-swap', () => {
  markCurrent(header(), location.pathname);
  lastY = window.scrollY;
  updateHeader();
  showReader();
});

/* The header's controls hydrate when the reader reaches for them (components/Header.astro). The
 * header says whose it is, for the login link to show or not before then; a logged-in reader's
 * controls hydrate at idle, as they show the avatar and the bell. */
const headerIsland = () => header()?.querySelector('astro-island') ?? null;
function showReader() {
  const loggedIn = $isLoggedIn.get();
  const element = header();
  if (element) element.dataset.reader = loggedIn ? 'in' : 'out';
  if (loggedIn) wakeWhenIdle(headerIsland);
}
showReader();
$isLoggedIn.listen(showReader);

/* The player hydrates when the reader reaches for it, or at idle after a reload that brought
 * back a song, which the disc and the lock screen then show. It persists across navigations.
 * Session storage is first read at idle too: opening it can cost a moment on a phone. */
wakeWhenIdle(() => {
  try {
    if (!hasSavedSong(sessionStorage.getItem(PLAYER_STORAGE_KEY))) return null;
  } catch {
    return null; // Storage blocked: there is no song to bring back.
  }
  return document.querySelector('astro-island[data-astro-transition-persist="player"]');
});

/* Back to top (components/BackToTop.astro). */
function updateBackToTop() {
  const button = document.getElementById('back-to-top');
  if (!button) return;
  const visible = backToTopVisible(window.scrollY);
  button.dataset.visible = String(visible);
  button.tabIndex = visible ? 0 : -1;
}
window.addEventListener('scroll', updateBackToTop, { passive: true });
document.addEventListener('astro:page-load', updateBackToTop);
document.addEventListener('click', (e) => {
  if (!(e.target as Element | null)?.closest('#back-to-top')) return;
  const smooth = !matchMedia('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: 0, behavior: smooth ? 'smooth' : 'auto' });
});

/* Code blocks of an article get a copy button, in a task of their own: the page's load already
 * runs every page-load listener (Astro's prefetching among them) in one. */
document.addEventListener('astro:page-load', () => void yieldToMain().then(addCopyButtons));

/* Navigation progress bar (components/NavProgress.astro). */
const bar = () => document.getElementById('nav-progress');
document.addEventListener('astro:before-preparation', () => {
  const el = bar();
  if (!el) return;
  el.removeAttribute('data-state');
  void el.offsetWidth; // restart the transition from zero
  el.dataset.state = 'loading';
});
document.addEventListener('astro:after-swap', () => {
  const el = bar();
  if (el?.dataset.state === 'loading') el.dataset.state = 'done';
});

/* Welcome (components/Welcome.astro): once per tab (`window.name` survives reloads, not new
 * tabs), on the first page that has the greeting's settings, count the site view and greet. */
const TAB_MARK = 'blog-welcomed';
document.addEventListener('astro:page-load', async () => {
  const config = document.getElementById('welcome-config');
  if (window.name || !config) return;
  window.name = TAB_MARK;
  // In a task of its own too, like the copy buttons.
  await yieldToMain();
  // Sent without the request client, which only the islands load: nobody waits for a count, and
  // one that does not get through is not the reader's problem (no notice). The answer is let go
  // of, or the browser would hold the connection for a body nobody reads.
  // Offline, the page came from the offline worker's cache: not a visit the server can count.
  if (navigator.onLine)
    fetch(splitRoute(SITE_ADD_VIEW).path, { method: 'PUT', credentials: 'include', headers: XHR_HEADERS }).then(
      (answer) => answer.body?.cancel(),
      () => {},
    );
  const { brand, specialUserId } = JSON.parse(config.textContent!);
  const user = $isLoggedIn.get() ? $userInfo.get() : null;
  const message = greeting({
    hour: new Date().getHours(),
    brand,
    nickName: user?.nick_name,
    userId: user?.id,
    specialUserId,
  });
  showToast(message, 'info', { duration: 3000 });
});
