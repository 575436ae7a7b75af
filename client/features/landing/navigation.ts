import type { To } from 'react-router';
import { APP_ROUTES } from '../../../contracts/routes';

/**
 * One entry of a header menu. An item with `to` is a link; an item without one has no page yet and
 * renders as a disabled "Coming soon" entry (still read by screen readers). Give it a `to` later and
 * it becomes a link, nothing else changes.
 */
export interface NavItem {
  label: string;
  to?: To;
}

export interface NavGroup {
  label: string;
  items: readonly NavItem[];
}

/** An in-page anchor on the home page (the home page scrolls to `location.hash`). */
function homeSection(id: string): To {
  return { pathname: APP_ROUTES.home, hash: `#${id}` };
}

/** The header's five dropdown groups (spec §2, Landing page). */
export const MAIN_NAV_GROUPS: readonly NavGroup[] = [
  {
    label: 'Flight Plan',
    items: [
      { label: 'Flights', to: APP_ROUTES.flightPlan },
      { label: 'Hotels & Resorts', to: APP_ROUTES.flightPlan },
      { label: 'Rental Cars', to: APP_ROUTES.flightPlan },
      { label: 'Cruises', to: APP_ROUTES.flightPlan },
      { label: 'Trains', to: APP_ROUTES.flightPlan },
      { label: 'Buses', to: APP_ROUTES.flightPlan },
      { label: 'Camping', to: APP_ROUTES.flightPlan },
      { label: 'Hunting Camp', to: APP_ROUTES.flightPlan },
      { label: 'Retreats', to: APP_ROUTES.flightPlan },
    ],
  },
  {
    label: 'Wheels Up',
    items: [
      { label: 'Maps & Navigation' },
      { label: 'Rideshare' },
      { label: 'Dining' },
      { label: 'Cannabis Rules by Destination' },
      { label: 'Attractions' },
      { label: 'Shopping' },
      { label: 'Museums' },
      { label: 'Historical Facts' },
      // The planner has the day-by-day calendar.
      { label: 'Daily Schedule', to: APP_ROUTES.flightPlan },
    ],
  },
  {
    label: 'Touchdown',
    items: [
      { label: 'Booking History', to: APP_ROUTES.bookings },
      { label: 'Reviews & Feedback' },
      // Receipts are picked from the history: each booking there links to its own.
      { label: 'Final Trip Receipt', to: APP_ROUTES.bookings },
    ],
  },
  {
    label: 'Travel Intel',
    items: [
      { label: 'Safety Alerts', to: homeSection('advisories') },
      { label: 'Crowd Scale' },
      { label: 'Safe Areas' },
      { label: 'Travel Hacks' },
      { label: 'Recommended Gear' },
      { label: 'Accessibility Features', to: homeSection('accessibility') },
      { label: 'Partner Products' },
      { label: 'Emergency Info', to: APP_ROUTES.emergencyInfo },
    ],
  },
  {
    label: 'Share Itinerary',
    items: [
      { label: 'Email' },
      { label: 'SMS' },
      { label: 'Social Media' },
      { label: 'Privacy Options' },
    ],
  },
];

/** The mobile menu: the home page's sections, then the site's pages. */
export const MOBILE_NAV_GROUPS: readonly NavGroup[] = [
  {
    label: 'On the home page',
    items: [
      { label: 'Search', to: homeSection('search') },
      { label: 'Destinations', to: homeSection('destinations') },
      { label: 'Travel Advisories', to: homeSection('advisories') },
      { label: 'Accessibility Support', to: homeSection('accessibility') },
      { label: 'Our Team', to: homeSection('team') },
    ],
  },
  {
    label: 'Pages',
    items: [
      { label: 'Media Gallery', to: APP_ROUTES.mediaGallery },
      { label: 'Flight Plan', to: APP_ROUTES.flightPlan },
      { label: 'Payment Demo', to: APP_ROUTES.paymentDemo },
      { label: 'Booking History', to: APP_ROUTES.bookings },
      { label: 'Emergency Info', to: APP_ROUTES.emergencyInfo },
    ],
  },
];
