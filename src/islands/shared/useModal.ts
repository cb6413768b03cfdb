import { useEffect, useRef, type RefObject } from 'react';
import { ModalStack, trappedFocusIndex, type ModalLayer } from '../../lib/browser/modalStack';

export interface ModalOptions {
  /** Receives focus on open; otherwise the first focusable element inside the modal does. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Stop the page behind from scrolling (default true); a panel that leaves the page usable says false. */
  lockScroll?: boolean;
  /** Keep Tab and Shift+Tab inside the modal (default true). */
  trapFocus?: boolean;
  /** Receives focus on close instead of whatever had it on open: for an opener that hides while the modal is open. */
  returnFocus?: RefObject<HTMLElement | null>;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

const stack = new ModalStack();

/** Focusable elements the reader can see: those in a collapsed or hidden part are skipped. */
function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
}

/**
 * What every dialog, drawer and full-screen board does while open: Escape closes it, the page
 * behind does not scroll, focus moves in on open, Tab stays inside, and focus goes back to
 * whatever opened it on close. A page change closes it too: the header and the player persist
 * across navigations, so a modal left open would cover the next page.
 *
 * Returns the ref to put on the modal's outermost focus boundary (the element with role="dialog").
 */
export function useModal<T extends HTMLElement>(
  open: boolean,
  onClose: () => void,
  options: ModalOptions = {},
): RefObject<T | null> {
  const container = useRef<T>(null);
  // The latest onClose and options, so a new function each render neither re-runs the effect nor steals focus back.
  const latest = useRef({ onClose, options });
  latest.current = { onClose, options };

  useEffect(() => {
    if (!open) return;
    const { lockScroll = true, trapFocus = true, initialFocus } = latest.current.options;
    const layer: ModalLayer = { lockScroll };
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (stack.push(layer)) document.body.style.overflow = 'hidden';

    const root = container.current;
    const first = initialFocus?.current ?? (root && focusables(root)[0]);
    (first ?? root)?.focus();

    const close = () => latest.current.onClose();
    const onKey = (e: KeyboardEvent) => {
      if (!stack.isTop(layer) || e.isComposing) return;
      if (e.key === 'Escape') {
        e.preventDefault();
        close();
      } else if (e.key === 'Tab' && trapFocus && root) {
        const inside = focusables(root);
        const next = trappedFocusIndex(
          inside.indexOf(document.activeElement as HTMLElement),
          inside.length,
          e.shiftKey,
        );
        if (next === null) return;
        e.preventDefault();
        inside[next].focus();
      }
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('astro:before-swap', close);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('astro:before-swap', close);
      if (stack.remove(layer)) document.body.style.overflow = '';
      // Not after a page change took the opener away, and not if the reader has already clicked elsewhere.
      const focusLeftInside =
        !document.activeElement || document.activeElement === document.body || root?.contains(document.activeElement);
      const target = latest.current.options.returnFocus?.current ?? opener;
      if (target?.isConnected && focusLeftInside) target.focus();
    };
  }, [open]);

  return container;
}
