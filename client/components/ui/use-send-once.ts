import { useRef } from 'react';

/**
 * One request at a time from one control. A mutation's pending state reaches the screen a moment
 * after the press (TanStack Query tells its observers on the next tick), so a quick second press
 * (a double click, a tremor) would send the request again before the button says it is busy.
 * `sendOnce(send)` runs `send` unless its last request is still out; `send` calls `settled` when
 * that request settles (the mutation's onSettled). The server makes a repeat that still gets
 * through harmless too, by its Idempotency-Key (docs/decisions/029).
 */
export function useSendOnce() {
  const sending = useRef(false);
  return (send: (settled: () => void) => void) => {
    if (sending.current) return;
    sending.current = true;
    send(() => {
      sending.current = false;
    });
  };
}
