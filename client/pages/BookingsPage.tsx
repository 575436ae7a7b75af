import { Link } from 'react-router';
import { APP_ROUTES } from '../../contracts/routes';
import { PageShell } from '../components/layout/PageShell';
import { BookingHistory } from '../features/bookings';

/** Touchdown > Booking History (and Final Trip Receipt: receipts are picked from this list). */
export default function BookingsPage() {
  return (
    <PageShell
      title="Booking History"
      lead={
        <>
          Your bookings in this browser, with their state and receipts. To make a new one, go to the{' '}
          <Link
            className="font-semibold text-brand-800 underline underline-offset-4"
            to={APP_ROUTES.paymentDemo}
          >
            payment demo
          </Link>
          .
        </>
      }
    >
      <BookingHistory />
    </PageShell>
  );
}
