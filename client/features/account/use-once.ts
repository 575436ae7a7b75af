import { useMemo, useRef } from 'react';

/**
 * An action that must run once however fast its button is pressed: a pending state reaches the
 * screen a render after the first press, so a ref says at once that one is on its way.
 */
export function useOnce() {
  const busy = useRef(false);
  // The same object on every render, so an effect may depend on it.
  return useMemo(
    () => ({
      start: () => {
        if (busy.current) return false;
        busy.current = true;
        return true;
      },
      done: () => {
        busy.current = false;
      },
    }),
    [],
  );
}
