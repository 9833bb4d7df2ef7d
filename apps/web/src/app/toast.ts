import type { ComponentType } from 'react';
import type { ToasterProps } from 'sonner';
import { lazyWithPreload } from './lazyWithPreload';

type Sonner = typeof import('sonner');

/*
 * sonner (≈ 10 kB gzip) is not needed for the first paint: it is fetched right after it, when the Toaster mounts
 * (docs/decisions/1301). A toast asked for before it arrives is shown as soon as it does.
 */
let sonner: Sonner | null = null;
let loading: Promise<Sonner> | null = null;
const waiting: ((loaded: Sonner) => void)[] = [];

export function loadSonner(): Promise<Sonner> {
  loading ??= import('sonner').then(
    (module) => {
      sonner = module;
      for (const show of waiting.splice(0)) show(module);
      return module;
    },
    (error: unknown) => {
      loading = null; // the next toast tries again
      throw error;
    },
  );
  return loading;
}

function withSonner(show: (loaded: Sonner) => void): void {
  if (sonner) {
    show(sonner);
    return;
  }
  waiting.push(show);
  loadSonner().catch(() => undefined);
}

/** sonner's Toaster, loaded with sonner. */
export const Toaster: ComponentType<ToasterProps> = lazyWithPreload(() =>
  loadSonner().then((module) => module.Toaster),
);

/** `id` collapses repeats of the same notice into one toast; `description` is a second, smaller line. */
export interface ToastOptions {
  id?: string;
  description?: string;
}

function sonnerOptions(options: string | ToastOptions | undefined): ToastOptions | undefined {
  if (!options) return undefined;
  return typeof options === 'string' ? { id: options } : options;
}

/**
 * The app's only way to show a toast. Messages arrive already translated.
 * An id collapses repeats of the same notice (e.g. an effect that runs twice) into one toast.
 */
export const toast = {
  success(message: string, options?: string | ToastOptions): void {
    withSonner(({ toast }) => toast.success(message, sonnerOptions(options)));
  },
  error(message: string, options?: string | ToastOptions): void {
    withSonner(({ toast }) => toast.error(message, sonnerOptions(options)));
  },
  info(message: string, options?: string | ToastOptions): void {
    withSonner(({ toast }) => toast.info(message, sonnerOptions(options)));
  },
};
