import { toast as sonnerToast } from 'sonner';

/**
 * The app's only way to show a toast. Messages arrive already translated.
 * An id collapses repeats of the same notice (e.g. an effect that runs twice) into one toast.
 */
export const toast = {
  success(message: string, id?: string): void {
    sonnerToast.success(message, id ? { id } : undefined);
  },
  error(message: string, id?: string): void {
    sonnerToast.error(message, id ? { id } : undefined);
  },
  info(message: string, id?: string): void {
    sonnerToast.info(message, id ? { id } : undefined);
  },
};
