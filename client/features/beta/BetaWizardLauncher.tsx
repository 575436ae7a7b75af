import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { WIZARD_LOADING, WIZARD_TITLE } from './copy';

// The wizard, its schema (zod) and form code load when it is first opened.
const BetaWizard = lazy(() => import('./BetaWizard'));

/**
 * The beta sign-up wizard's dialog. `openWizard` opens it from any button on the page (the hero's,
 * the team section's); focus returns to whichever opened it. What was typed is kept when the dialog
 * closes, until the page is reloaded.
 */
export function useBetaWizard() {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const openWizard = useCallback(() => {
    opener.current = document.activeElement as HTMLElement | null;
    setOpen(true);
  }, []);

  const wizard = (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        // The openers are not Radix triggers, so focus is returned here.
        if (!next) requestAnimationFrame(() => opener.current?.focus());
      }}
    >
      {open ? (
        <Suspense
          fallback={
            <DialogContent title={WIZARD_TITLE}>
              <p role="status" className="text-slate-800">
                {WIZARD_LOADING}
              </p>
            </DialogContent>
          }
        >
          <BetaWizard />
        </Suspense>
      ) : null}
    </Dialog>
  );
  return { openWizard, wizard };
}
