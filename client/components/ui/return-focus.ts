import { useRef } from 'react';

type FocusHandler = (event: Event) => void;

/**
 * Radix gives focus back to a dialog's Trigger when it closes; a dialog opened some other way (a
 * button that also does something else, a confirmation after a menu) would leave focus on the page
 * body. This remembers what had focus as the dialog opened (Radix fires `onOpenAutoFocus` before it
 * moves focus in) and returns focus there on close, unless the caller's own handler chose a place
 * by preventing the default.
 */
export function useReturnFocus(handlers: {
  onOpenAutoFocus?: FocusHandler;
  onCloseAutoFocus?: FocusHandler;
}) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      opener.current = document.activeElement as HTMLElement | null;
      handlers.onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      handlers.onCloseAutoFocus?.(event);
      const element = opener.current;
      opener.current = null;
      if (event.defaultPrevented || !element || element === document.body) return;
      if (!element.isConnected) return;
      event.preventDefault();
      element.focus();
    },
  };
}
