import { useEffect, useMemo } from 'react';

/**
 * An object URL (`blob:`, which the page's img-src allows) for a file while it is shown, revoked after:
 * a preview of a picture that never leaves the browser as a link.
 */
export function useObjectUrl(file: Blob | null | undefined): string | null {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}
