import { LogIn } from 'lucide-react';
import { useState } from 'react';
import { Button, type ButtonProps } from '../../components/ui/button';
import { lazyDialog } from '../../lib/lazy-dialog';
import { SIGN_IN_TITLE } from './copy';

// The dialog's code (its steps, the form kit) loads when the page is idle, not with the page.
const SignInDialog = lazyDialog(() => import('./SignInDialog').then((m) => m.default));

/**
 * A "Sign in" button and the dialog it opens. Anywhere it is shown it is an offer: nothing on the
 * site waits for it (issue 27).
 */
export function SignInButton({
  label = SIGN_IN_TITLE,
  returnFocusTo,
  ...buttonProps
}: Omit<ButtonProps, 'onClick' | 'children'> & {
  label?: string;
  returnFocusTo?: () => HTMLElement | null;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button {...buttonProps} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <LogIn aria-hidden="true" className="size-5 shrink-0" />
        {label}
      </Button>
      <SignInDialog open={open} onOpenChange={setOpen} returnFocusTo={returnFocusTo} />
    </>
  );
}
