import { CalendarDays, MapPin } from 'lucide-react';
import { TRIP_STATUS_LABELS } from '../../../contracts/planner.values';
import type { Trip, TripStatus } from '../../../contracts/planner';
import { cn } from '../../lib/cn';
import { formatLongDate } from '../../lib/dates';

const STATUS_STYLES: Record<TripStatus, string> = {
  planning: 'border-sky-700 bg-sky-50 text-sky-900',
  active: 'border-green-700 bg-green-50 text-green-900',
  completed: 'border-slate-500 bg-slate-100 text-slate-800',
};

/** The trip's status as a badge: its word, never its colour alone. */
export function TripStatusBadge({ status }: { status: TripStatus }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2.5 py-0.5 text-sm font-semibold',
        STATUS_STYLES[status],
      )}
    >
      {TRIP_STATUS_LABELS[status]}
    </span>
  );
}

/**
 * Spec §2: the trip cards (title, destination, status badge, start date). Each card is one button;
 * the chosen one is marked `aria-current` and by a thick border.
 */
export function TripList({
  trips,
  selectedId,
  onSelect,
}: {
  trips: Trip[];
  selectedId: string | null;
  onSelect: (trip: Trip) => void;
}) {
  return (
    <ul aria-label="Your trips" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-1">
      {trips.map((trip) => {
        const selected = trip.id === selectedId;
        return (
          <li key={trip.id}>
            <button
              type="button"
              aria-current={selected ? 'true' : undefined}
              onClick={() => onSelect(trip)}
              className={cn(
                'w-full rounded-lg border bg-white p-4 text-left text-slate-900 hover:bg-slate-50',
                selected
                  ? 'border-brand-700 ring-2 ring-brand-700'
                  : 'border-slate-400 hover:border-slate-600',
              )}
            >
              <span className="flex flex-wrap items-start justify-between gap-2">
                <span className="text-lg font-bold">{trip.title}</span>
                <TripStatusBadge status={trip.status} />
              </span>
              <span className="mt-1 flex items-center gap-1.5 text-slate-800">
                <MapPin aria-hidden="true" className="size-4 shrink-0" />
                <span>{trip.destination}</span>
              </span>
              <span className="mt-1 flex items-center gap-1.5 text-sm text-slate-700">
                <CalendarDays aria-hidden="true" className="size-4 shrink-0" />
                {trip.startDate ? `Starts ${formatLongDate(trip.startDate)}` : 'No start date yet'}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
