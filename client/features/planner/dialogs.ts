import { lazyDialog } from '../../lib/lazy-dialog';

/*
 * The planner's form dialogs, loaded when the page is idle rather than with it: their validation
 * (zod and the planner's schemas) is not needed for the page's first render.
 */
export const TripDialog = lazyDialog(() => import('./TripDialog').then((m) => m.TripDialog));
export const ItemDialog = lazyDialog(() => import('./ItemDialog').then((m) => m.ItemDialog));
export const ShareTripDialog = lazyDialog(() =>
  import('./ShareTripDialog').then((m) => m.ShareTripDialog),
);
