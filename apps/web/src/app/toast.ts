import { toast as sonnerToast } from 'sonner';

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
    sonnerToast.success(message, sonnerOptions(options));
  },
  error(message: string, options?: string | ToastOptions): void {
    sonnerToast.error(message, sonnerOptions(options));
  },
  info(message: string, options?: string | ToastOptions): void {
    sonnerToast.info(message, sonnerOptions(options));
  },
};
