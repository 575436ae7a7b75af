import { MAIN_CONTENT_ID } from '../../lib/landmarks';

/** The page's heading, where focus goes once the part that had it is replaced. */
export const pageHeading = () => document.querySelector<HTMLElement>(`#${MAIN_CONTENT_ID} h1`);

/** A modal still on screen: while it is, its focus trap would take focus back. */
const OPEN_MODAL = '[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]';
/** Frames to wait for the render that removes it (a busy phone's may come late). */
const MAX_FRAMES = 120;

/**
 * After signing out or deleting the account, the button pressed is gone with the account: the
 * page's heading takes focus once the render that shows the new state has removed the dialog
 * that confirmed it (focused before, the dialog's trap would take focus back to itself).
 */
export function focusPageHeadingSoon(): void {
  let frames = 0;
  const attempt = () => {
    if (document.querySelector(OPEN_MODAL) && ++frames < MAX_FRAMES) {
      requestAnimationFrame(attempt);
      return;
    }
    const heading = pageHeading();
    heading?.setAttribute('tabindex', '-1');
    heading?.focus();
  };
  requestAnimationFrame(attempt);
}
