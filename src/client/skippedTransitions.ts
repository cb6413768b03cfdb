/**
 * A navigation that starts before the last one has drawn (a login that goes on to the page it was
 * asked for, say) makes Astro's router skip the first view transition (astro/dist/transitions/router.js,
 * `abortAndRecreateMostRecentTransition`). The browser then rejects that transition's `ready`
 * promise, which the router never handles, and the reader's console shows an uncaught error for a
 * navigation that went just as it should. This takes that one rejection as handled.
 */
const isSkippedTransition = (reason: unknown) =>
  reason instanceof DOMException && reason.name === 'AbortError' && reason.message.startsWith('Transition was skipped');

addEventListener('unhandledrejection', (event) => {
  if (isSkippedTransition(event.reason)) event.preventDefault();
});
