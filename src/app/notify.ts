import { toast } from 'sonner';

/**
 * Toasts for machines' side effects. Errors stay until dismissed (DESIGN.md); a toast is never the only
 * place an error shows where there is a screen to show it on.
 */
export const notify = {
  error: (message: string) => toast.error(message, { duration: Infinity, closeButton: true }),
  success: (message: string) => toast.success(message),
};
