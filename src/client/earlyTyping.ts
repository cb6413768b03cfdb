/**
 * What the reader types between opening search and the dialog's first appearance: the dialog's
 * code arrives only then (its island hydrates when the reader reaches for it), and keys pressed
 * meanwhile would fall on the page. A field out of sight takes them, an input method's too, and the
 * dialog takes its text over when it opens. Focusing a field within the reader's own key press or
 * tap is also what lets a phone raise its keyboard, which a field focused later would not.
 */
import { closeSearch } from './search';

let field: HTMLInputElement | null = null;
/** What had the focus before the field took it (the search button, say), for the dialog to give it back on close. */
let focusBefore: HTMLElement | null = null;

/** Focuses the field that holds the typing until the dialog opens. */
export function holdTyping(label: string): void {
  if (!field?.isConnected) {
    focusBefore = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    field = document.createElement('input');
    field.type = 'search';
    field.setAttribute('aria-label', label);
    field.style.cssText = 'position:fixed;top:0;left:0;width:1px;height:1px;padding:0;border:0;opacity:0';
    // Escape before the dialog is there: the reader has changed their mind about search, and
    // only about search (a drawer open behind it stays).
    field.addEventListener('keydown', (e) => {
      if (e.key !== 'Escape' || e.isComposing) return;
      e.stopPropagation();
      closeSearch();
      focusBefore?.focus();
      releaseTyping();
    });
    document.body.append(field);
  }
  field.focus({ preventScroll: true });
}

/** The text held so far; empty when nothing is held. */
export const heldTyping = () => (field?.isConnected ? field.value : '');

/** The dialog has focus: the field goes. Returns what it held last, and what had the focus before it (null when nothing was held). */
export function releaseTyping(): { text: string; focusBefore: HTMLElement | null } {
  const held = { text: heldTyping(), focusBefore: field?.isConnected ? focusBefore : null };
  field?.remove();
  field = null;
  focusBefore = null;
  return held;
}
