/** The toasts on screen: short lines that go by themselves, and titled notices that stay longer. */
import { atom } from 'nanostores';
import { showNoticesWith, type ToastKind, type ToastOptions } from '../client/notices';
import { refusalOf } from '../lib/request';

export type { ToastKind };

export interface Toast extends ToastOptions {
  id: number;
  kind: ToastKind;
  message: string;
  duration: number;
}

export const TOAST_DURATION_MS = 1000;
export const NOTICE_DURATION_MS = 3000;
const MAX_VISIBLE = 4;

export const $toasts = atom<Toast[]>([]);

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

export function showToast(message: string, kind: ToastKind = 'success', options: ToastOptions = {}): number {
  const id = nextId++;
  const toast: Toast = { id, kind, message, duration: options.title ? NOTICE_DURATION_MS : TOAST_DURATION_MS, ...options };
  $toasts.set([...$toasts.get(), toast].slice(-MAX_VISIBLE));
  timers.set(id, setTimeout(() => dismissToast(id), toast.duration));
  return id;
}

/** A titled notice, as the request client shows for tips and errors. */
export function showNotice(title: string, message: string, kind: ToastKind = 'info'): number {
  return showToast(message, kind, { title });
}

/** A failed action in a toast, unless a notice has already said it (see `refusalOf`). */
export function showRefusal(error: unknown, fallback: string): void {
  const { message, noticed } = refusalOf(error, fallback);
  if (!noticed) showToast(message, 'error');
}

export function dismissToast(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}

// The client's own toasts (the request client's notices, the greeting) come through here.
showNoticesWith(showToast);
