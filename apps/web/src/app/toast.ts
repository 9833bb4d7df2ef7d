import { createElement, useEffect, useState } from 'react';
import type { ToasterProps } from 'sonner';
import { lazyWithPreload } from './lazyWithPreload';

type Sonner = typeof import('sonner');

/*
 * sonner (≈ 10 kB gzip) is not needed for the first paint: it is fetched once the page is idle after loading, or by
 * the first toast if that comes sooner (docs/decisions/1301). A toast asked for before it arrives is shown when it does.
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

const SonnerToaster = lazyWithPreload(() => loadSonner().then((module) => module.Toaster));

/** Later than the first paint: when the browser is idle, at the latest this long after mounting. */
const IDLE_TIMEOUT_MS = 2000;

/** True once sonner is in; until then it asks for it when the page is idle (or a toast asks first). */
function useSonnerLoaded(): boolean {
  const [loaded, setLoaded] = useState(sonner !== null);
  useEffect(() => {
    if (loaded) return;
    const markLoaded = () => setLoaded(true);
    waiting.push(markLoaded);
    const load = (): void => {
      loadSonner().catch(() => undefined);
    };
    const idle =
      typeof window.requestIdleCallback === 'function'
        ? window.requestIdleCallback(load, { timeout: IDLE_TIMEOUT_MS })
        : null;
    const timer = idle === null ? window.setTimeout(load, 0) : null;
    return () => {
      const index = waiting.indexOf(markLoaded);
      if (index >= 0) waiting.splice(index, 1);
      if (idle !== null) window.cancelIdleCallback(idle);
      if (timer !== null) window.clearTimeout(timer);
    };
  }, [loaded]);
  return loaded;
}

/** sonner's Toaster, mounted once sonner is in (nothing to show before the first toast anyway). */
export function Toaster(props: ToasterProps) {
  return useSonnerLoaded() ? createElement(SonnerToaster, props) : null;
}

/** `id` collapses repeats of the same notice into one toast; `description` is a second, smaller line. */
export interface ToastOptions {
  id?: string;
  description?: string;
  /** A button in the notice (e.g. "Open the room"). */
  action?: { label: string; onClick: () => void };
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
  /** Closes every notice on screen (e.g. signing out: what was said to the session no longer applies). */
  dismissAll(): void {
    withSonner(({ toast }) => toast.dismiss());
  },
};
