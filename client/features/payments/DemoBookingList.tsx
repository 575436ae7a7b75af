import { Accessibility, ListChecks, Loader2 } from 'lucide-react';
import { useId } from 'react';
import { DEMO_BOOKINGS } from '../../../contracts/bookings.values';
import type { DemoBooking } from '../../../contracts/bookings';
import { Button } from '../../components/ui/button';
import { useNeedsConnection } from '../../components/ui/needs-connection';
import { formatPrice } from '../../lib/format';
import { bookingTypeLabel } from '../bookings';

/**
 * Spec §2: the three demo bookings. Choosing one creates it on the server; while that runs every
 * Select button is unavailable (aria-disabled keeps focus on the one pressed).
 */
export function DemoBookingList({
  pendingType,
  onSelect,
}: {
  /** The kind of booking being created, if any. */
  pendingType: string | null;
  onSelect: (booking: DemoBooking) => void;
}) {
  return (
    <ul className="grid gap-6 lg:grid-cols-3">
      {DEMO_BOOKINGS.map((booking) => (
        <li key={booking.bookingType} className="flex">
          <DemoBookingCard
            booking={booking}
            pending={pendingType === booking.bookingType}
            busy={pendingType !== null}
            onSelect={() => onSelect(booking)}
          />
        </li>
      ))}
    </ul>
  );
}

function DemoBookingCard({
  booking,
  pending,
  busy,
  onSelect,
}: {
  booking: DemoBooking;
  pending: boolean;
  busy: boolean;
  onSelect: () => void;
}) {
  const id = useId();
  const connection = useNeedsConnection();
  const { title, description, details, accessibility } = booking.bookingDetails;
  return (
    <article
      aria-labelledby={`${id}-title`}
      className="flex w-full flex-col rounded-lg border border-slate-300 bg-white p-5 shadow-sm"
    >
      <p className="text-sm font-semibold tracking-wide text-brand-800 uppercase">
        {bookingTypeLabel(booking.bookingType)}
      </p>
      <h3 id={`${id}-title`} className="mt-1 text-xl font-bold text-slate-900">
        {title}
      </h3>
      <p className="mt-2 text-slate-800">{description}</p>

      <h4 className="mt-4 flex items-center gap-2 font-semibold text-slate-900">
        <ListChecks aria-hidden="true" className="size-5 text-brand-700" />
        Details
      </h4>
      <ul className="mt-1 grid list-disc gap-1 pl-6 text-slate-800">
        {details.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>

      <h4 className="mt-4 flex items-center gap-2 font-semibold text-slate-900">
        <Accessibility aria-hidden="true" className="size-5 text-brand-700" />
        Accessibility
      </h4>
      <ul className="mt-1 grid list-disc gap-1 pl-6 text-slate-800">
        {accessibility.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>

      <div className="mt-auto pt-5">
        <p className="flex items-baseline justify-between gap-4 border-t border-slate-200 pt-4">
          <span className="text-slate-700">Total</span>
          <span className="text-2xl font-bold text-slate-900">
            {formatPrice(booking.totalAmount, booking.currency)}
          </span>
        </p>
        <Button
          {...connection.button({
            className: 'mt-4 w-full aria-disabled:cursor-not-allowed aria-disabled:bg-slate-600',
            'aria-disabled': busy,
          })}
          onClick={() => {
            if (!busy) onSelect();
          }}
        >
          {pending ? (
            <>
              <Loader2 aria-hidden="true" className="size-5 motion-safe:animate-spin" />
              Creating your booking…<span className="sr-only"> for {title}</span>
            </>
          ) : (
            <>
              Select<span className="sr-only"> {title}</span>
            </>
          )}
        </Button>
        {connection.note}
      </div>
    </article>
  );
}
