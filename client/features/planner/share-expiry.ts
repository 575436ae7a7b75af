import type { TripShare } from '../../../contracts/planner';
import { formatLocalDate } from '../../lib/dates';

/** When an itinerary link stops working, in words. */
export const expiryText = (share: Pick<TripShare, 'expiresAt'>) =>
  share.expiresAt ? `Expires ${formatLocalDate(share.expiresAt)}` : 'Never expires';
