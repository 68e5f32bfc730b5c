import { useSyncExternalStore } from 'react';

/** A short confirmation of something that worked (or a failure with nowhere else to go). */
export type Toast = { id: number; text: string; variant: 'success' | 'danger' };

const listeners = new Set<() => void>();
let toasts: readonly Toast[] = [];
let nextId = 1;
const SHOWN_MS = 5000;

const notify = () => {
  for (const listener of listeners) listener();
};

/** Hides one toast. */
export function dismissToast(id: number): void {
  toasts = toasts.filter((toast) => toast.id !== id);
  notify();
}

/** Shows a toast for five seconds (the newest last; at most three at once). */
export function showToast(text: string, variant: Toast['variant'] = 'success'): void {
  const toast = { id: nextId++, text, variant };
  toasts = [...toasts.slice(-2), toast];
  notify();
  window.setTimeout(() => dismissToast(toast.id), SHOWN_MS);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const getToasts = () => toasts;

/** The toasts on screen, in a component. */
export const useToasts = (): readonly Toast[] => useSyncExternalStore(subscribe, getToasts, getToasts);
