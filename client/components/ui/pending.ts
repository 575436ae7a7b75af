/**
 * A button that is waiting for its request: `aria-disabled` (so it keeps focus and is announced
 * as unavailable), dimmed, and its click handler does nothing meanwhile.
 */
export const PENDING_CLASS = 'aria-disabled:cursor-wait aria-disabled:opacity-80';
