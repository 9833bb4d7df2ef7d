import { useEffect, useRef } from 'react';

/** Focuses the element once it mounts (when `enabled`): keeps keyboard play going as screens change. */
export function useAutoFocus<T extends HTMLElement>(enabled = true) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (enabled) ref.current?.focus();
  }, [enabled]);
  return ref;
}
