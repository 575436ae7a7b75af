import { useRef, useState } from 'react';

/**
 * The "Revoke this link?" confirmation of a list of share links (a gallery's, a trip's): which link
 * is being asked about, and where focus goes once the dialog has closed. By default that is the
 * link's own Revoke button (cancelled, or the revoke failed); after a revoke the button is gone, and
 * the caller names the place to carry on from. Spread `dialogProps` on a ConfirmDialog.
 */
export function useRevokeLink<T extends { id: string }>(
  revokeButtonSelector: (id: string) => string,
) {
  const [link, setLink] = useState<T | null>(null);
  const afterClose = useRef<() => void>(() => {});

  /** Closes the dialog; focus then goes by `focus`, else to the link's Revoke button. */
  function close(focus?: () => void) {
    const current = link;
    afterClose.current =
      focus ??
      (() => {
        if (current) document.querySelector<HTMLElement>(revokeButtonSelector(current.id))?.focus();
      });
    setLink(null);
  }

  return {
    link,
    ask: setLink,
    close,
    dialogProps: {
      open: link !== null,
      onOpenChange: (open: boolean) => {
        if (!open) close();
      },
      title: 'Revoke this link?',
      description: 'The link stops working at once for everyone who has it. This cannot be undone.',
      confirmLabel: 'Revoke',
      pendingLabel: 'Revoking…',
      onCloseAutoFocus: (event: Event) => {
        event.preventDefault();
        const focus = afterClose.current;
        afterClose.current = () => {};
        focus();
      },
    },
  };
}
