/**
 * Toasts asked for by the client's own modules: the request client's notices, the greeting, the
 * logged-out line, "copied". The client sits below the stores and may not import them, so the
 * toast store hands in how to show one (`showNoticesWith`) when it loads; what is asked for before
 * then waits and is shown at that moment.
 */
export type ToastKind = 'success' | 'info' | 'warning' | 'error';

export interface ToastOptions {
  /** An optional second line, e.g. the text that was copied. */
  detail?: string;
  /** A notice has a title and stays longer; a toast is a single line. */
  title?: string;
  duration?: number;
}

type Show = (message: string, kind: ToastKind, options: ToastOptions) => void;

let show: Show | null = null;
const waiting: Parameters<Show>[] = [];

export function toast(message: string, kind: ToastKind = 'success', options: ToastOptions = {}): void {
  if (show) show(message, kind, options);
  else waiting.push([message, kind, options]);
}

/** A titled notice, as the request client shows for tips and errors. */
export function notice(title: string, message: string, kind: ToastKind = 'info'): void {
  toast(message, kind, { title });
}

/** The toast store shows them from now on, starting with those that waited. */
export function showNoticesWith(showToast: Show): void {
  show = showToast;
  for (const args of waiting.splice(0)) showToast(...args);
}
