/**
 * Shows the toast queue (toasts.ts) in the page's toaster (components/Toaster.astro): new toasts
 * are added at the end, gone ones removed, and those still showing left as they are, so their
 * entrance animation never replays. Text goes in as text, never as HTML. A click dismisses a toast.
 */
import { $toasts, dismissToast, type Toast } from './toasts';

function toastElement(toast: Toast): HTMLElement {
  const element = document.createElement('div');
  element.className = 'toast';
  element.dataset.kind = toast.kind;
  element.dataset.id = String(toast.id);
  const part = (tag: string, text: string, className?: string) => {
    const node = document.createElement(tag);
    node.textContent = text;
    if (className) node.className = className;
    element.append(node);
  };
  if (toast.title) part('strong', toast.title, 'title');
  part('span', toast.message);
  if (toast.detail) part('span', toast.detail, 'detail');
  element.addEventListener('click', () => dismissToast(toast.id));
  return element;
}

function show(toasts: readonly Toast[]): void {
  const stack = document.getElementById('toaster');
  if (!stack) return;
  const ids = new Set(toasts.map((toast) => String(toast.id)));
  const shown = new Set<string>();
  for (const element of [...stack.children] as HTMLElement[]) {
    if (ids.has(element.dataset.id!)) shown.add(element.dataset.id!);
    else element.remove();
  }
  // The queue only ever grows at its end, so what is new goes last.
  for (const toast of toasts) if (!shown.has(String(toast.id))) stack.append(toastElement(toast));
}

// Every page has the toaster, and the router keeps the same one across navigations.
$toasts.subscribe(show);
