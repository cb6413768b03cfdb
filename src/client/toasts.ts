/**
 * The toasts on screen: short lines that go by themselves, and titled notices that stay longer.
 * Every layer shows them, the client's own modules too (the request client's notices, the
 * greeting, "copied"), so the queue sits here at the bottom; islands and stores reach it through
 * stores/toast.ts, which adds the refusal toast. The page script shows it (toaster.ts).
 */
import { atom } from 'nanostores';

export type ToastKind = 'success' | 'info' | 'warning' | 'error';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  /** An optional second line, e.g. the text that was copied. */
  detail?: string;
  /** A notice has a title and stays longer; a toast is a single line. */
  title?: string;
  duration: number;
}

export const TOAST_DURATION_MS = 1000;
export const NOTICE_DURATION_MS = 3000;
const MAX_VISIBLE = 4;

export const $toasts = atom<Toast[]>([]);

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

export function showToast(
  message: string,
  kind: ToastKind = 'success',
  options: Partial<Omit<Toast, 'id' | 'kind' | 'message'>> = {},
): number {
  const id = nextId++;
  const toast: Toast = {
    id,
    kind,
    message,
    duration: options.title ? NOTICE_DURATION_MS : TOAST_DURATION_MS,
    ...options,
  };
  $toasts.set([...$toasts.get(), toast].slice(-MAX_VISIBLE));
  timers.set(
    id,
    setTimeout(() => dismissToast(id), toast.duration),
  );
  return id;
}

/** A titled notice, as the request client shows for tips and errors. */
export function showNotice(title: string, message: string, kind: ToastKind = 'info'): number {
  return showToast(message, kind, { title });
}

export function dismissToast(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}
