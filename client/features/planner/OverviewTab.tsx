import { useId, type ReactNode } from 'react';
import { ITEM_TYPE_PLURALS } from '../../../contracts/planner.values';
import type { Trip } from '../../../contracts/planner';
import { QueryError } from '../../components/ui/query-error';
import { Skeleton } from '../../components/ui/skeleton';
import { formatTripDates } from '../../lib/dates';
import { useAllItems } from './api';
import { formatCentsUsd, totalsByType, totalsOf, tripDays } from './overview';
import { Safety } from './TripSafety';

/** The Overview tab: the trip's days, what is planned and booked, and safety at the destination. */
export function OverviewTab({ trip }: { trip: Trip }) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-8">
      <h3 id={`${id}-heading`} className="text-xl font-bold text-slate-900">
        Overview
      </h3>
      <TripSummary trip={trip} />
      <Safety destination={trip.destination} />
    </section>
  );
}

const daysText = (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`;

function TripSummary({ trip }: { trip: Trip }) {
  const id = useId();
  const items = useAllItems(trip.id);

  let days: ReactNode;
  let totals: ReactNode;
  if (items.isPending) {
    days = <Skeleton className="h-5 w-24" />;
    totals = (
      <div aria-hidden="true" className="grid gap-2">
        <Skeleton className="h-40 w-full max-w-xl" />
        <Skeleton className="h-5 w-64" />
      </div>
    );
  } else if (items.isError) {
    days = 'Not known while the items are not loaded';
    totals = <QueryError query={items} title="The trip’s items could not be loaded" />;
  } else {
    const count = tripDays(trip, items.data);
    days =
      count.kind === 'dates'
        ? daysText(count.days)
        : count.days === 0
          ? 'The trip’s dates are not set, and nothing is planned yet'
          : `The trip’s dates are not set; something is planned on ${daysText(count.days)}`;
    const all = totalsOf(items.data);
    totals = (
      <>
        <table className="w-full max-w-xl border-collapse text-left text-slate-900">
          <caption className="mb-2 text-left text-slate-800">
            The trip’s items by type, with their prices in US dollars.
          </caption>
          <thead>
            <tr className="border-b-2 border-slate-400">
              <th scope="col" className="py-2 pr-3">
                Type
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Items
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Booked
              </th>
              <th scope="col" className="py-2 pl-3 text-right">
                Total price
              </th>
            </tr>
          </thead>
          <tbody>
            {totalsByType(items.data).map(({ itemType, totals: row }) => (
              <tr key={itemType} className="border-b border-slate-300">
                <th scope="row" className="py-2 pr-3 font-semibold">
                  {ITEM_TYPE_PLURALS[itemType]}
                </th>
                <td className="px-3 py-2 text-right tabular-nums">{row.items}</td>
                <td className="px-3 py-2 text-right tabular-nums">{row.booked}</td>
                <td className="py-2 pl-3 text-right tabular-nums">
                  {formatCentsUsd(row.plannedCents)}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="font-bold">
              <th scope="row" className="py-2 pr-3">
                All items
              </th>
              <td className="px-3 py-2 text-right tabular-nums">{all.items}</td>
              <td className="px-3 py-2 text-right tabular-nums">{all.booked}</td>
              <td className="py-2 pl-3 text-right tabular-nums">
                {formatCentsUsd(all.plannedCents)}
              </td>
            </tr>
          </tfoot>
        </table>
        <p className="mt-3 text-slate-900">
          <strong>
            {formatCentsUsd(all.bookedCents)} booked of {formatCentsUsd(all.plannedCents)} planned
          </strong>
          ; {all.booked} of {all.items} {all.items === 1 ? 'item' : 'items'} booked.
        </p>
      </>
    );
  }

  return (
    <section aria-labelledby={`${id}-heading`} aria-busy={items.isPending}>
      <h4 id={`${id}-heading`} className="sr-only">
        Trip summary
      </h4>
      <p role="status" className="sr-only">
        {items.isPending ? 'Loading the trip’s items' : ''}
      </p>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-slate-900">
        <dt className="font-semibold">Destination</dt>
        <dd>{trip.destination}</dd>
        <dt className="font-semibold">Dates</dt>
        <dd>{formatTripDates(trip) ?? 'Not set yet'}</dd>
        <dt className="font-semibold">Days</dt>
        <dd>{days}</dd>
      </dl>
      <h4 className="mt-6 mb-2 text-lg font-bold text-slate-900">Planned and booked</h4>
      {totals}
    </section>
  );
}
