import { Printer } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import {
  groupItinerary,
  ITEM_TYPE_LABELS,
  TIME_SLOT_INFO,
  TRIP_STATUS_LABELS,
} from '../../../contracts/planner.values';
import type { SharedTrip, SharedTripItem } from '../../../contracts/planner';
import { Button } from '../../components/ui/button';
import { LinkProblemNotice, linkProblem } from '../../components/ui/link-problem';
import { QueryError } from '../../components/ui/query-error';
import { Skeleton } from '../../components/ui/skeleton';
import { formatDayHeading, formatLocalDate, formatTripDates } from '../../lib/dates';
import { ReaderTime } from '../../lib/reader-date';
import { useSharedTrip } from './api';

/** The public, read-only itinerary of a trip link: read it and print it, nothing else. */
export function SharedItinerary({ token }: { token: string }) {
  const page = useSharedTrip(token);

  let content;
  if (page.isPending) {
    content = (
      <div aria-hidden="true" className="grid max-w-3xl gap-3">
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-5 w-1/2" />
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  } else if (page.isError) {
    const problem = linkProblem(page.error);
    if (problem) {
      content = (
        <LinkProblemNotice
          problem={problem}
          link="itinerary link"
          askAgain="Ask the person who sent it to share the itinerary again."
          heading="h2"
        />
      );
    } else {
      content = (
        <QueryError
          query={page}
          title="The itinerary could not be loaded"
          heading="h2"
          className="max-w-3xl"
        />
      );
    }
  } else {
    const { trip, items, expiresAt, hidePrices } = page.data;
    content = (
      <ItineraryDocument
        trip={trip}
        items={items}
        hidePrices={hidePrices}
        note={
          expiresAt ? (
            <>
              This link expires on <ReaderTime iso={expiresAt} format={formatLocalDate} />.
            </>
          ) : (
            'This link does not expire.'
          )
        }
        actions={
          <Button variant="secondary" onClick={() => window.print()}>
            <Printer aria-hidden="true" className="size-5" />
            Print
          </Button>
        }
      />
    );
  }

  return (
    <div aria-busy={page.isPending}>
      <p role="status" className="sr-only">
        {page.isPending ? 'Loading the itinerary' : ''}
      </p>
      {content}
    </div>
  );
}

type ItineraryTrip = Pick<
  SharedTrip['trip'],
  'title' | 'destination' | 'startDate' | 'endDate' | 'status'
>;

/**
 * A trip's itinerary as a document, day by day and slot by slot: the public page of a link shows
 * it, and the owner prints their trip with it. `data-print-itinerary` makes index.css print it
 * without the site's header and footer.
 */
export function ItineraryDocument({
  trip,
  items,
  hidePrices = false,
  note,
  actions,
}: {
  trip: ItineraryTrip;
  /** In the planner's order (groupItinerary keeps it within a slot). */
  items: readonly SharedTripItem[];
  hidePrices?: boolean;
  /** A line under the trip's details, e.g. when the link expires. */
  note?: ReactNode;
  /** Controls under the details; they are left off the printed page. */
  actions?: ReactNode;
}) {
  const id = useId();
  const dates = formatTripDates(trip);
  const days = groupItinerary(items);
  return (
    <article data-print-itinerary className="max-w-3xl text-slate-900">
      <header className="border-b-2 border-slate-300 pb-4">
        <h2 className="text-2xl font-bold">{trip.title}</h2>
        <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-slate-800">
          <dt className="font-semibold">Destination</dt>
          <dd>{trip.destination}</dd>
          <dt className="font-semibold">Dates</dt>
          <dd>{dates ?? 'Not chosen yet'}</dd>
          <dt className="font-semibold">Status</dt>
          <dd>{TRIP_STATUS_LABELS[trip.status]}</dd>
        </dl>
        {note ? <p className="mt-3 text-slate-800">{note}</p> : null}
        {actions ? <div className="mt-3 print:hidden">{actions}</div> : null}
      </header>
      {days.length === 0 ? (
        <p className="mt-6 rounded-lg border border-slate-300 bg-slate-50 p-6 text-slate-800">
          Nothing has been planned for this trip yet.
        </p>
      ) : (
        days.map((day) => (
          <section key={day.date} aria-labelledby={`${id}-${day.date}`} className="mt-6">
            <h3 id={`${id}-${day.date}`} className="text-xl font-bold">
              <time dateTime={day.date}>{formatDayHeading(day.date)}</time>
            </h3>
            {day.slots.map(({ slot, items: slotItems }) => {
              const info = TIME_SLOT_INFO[slot];
              return (
                <section key={slot} className="mt-3 break-inside-avoid">
                  <h4 className="font-semibold text-slate-800">
                    {info.label}
                    {info.hours ? (
                      <span className="font-normal text-slate-700"> ({info.hours})</span>
                    ) : null}
                  </h4>
                  <ul className="mt-1 grid gap-2">
                    {slotItems.map((item, index) => (
                      <ItineraryItem key={index} item={item} hidePrice={hidePrices} />
                    ))}
                  </ul>
                </section>
              );
            })}
          </section>
        ))
      )}
    </article>
  );
}

function ItineraryItem({ item, hidePrice }: { item: SharedTripItem; hidePrice: boolean }) {
  return (
    <li className="rounded-md border border-slate-300 bg-white p-3">
      <p className="font-semibold">
        {item.itemName}{' '}
        <span className="font-normal text-slate-700">({ITEM_TYPE_LABELS[item.itemType]})</span>
      </p>
      {item.itemDescription ? <p className="mt-1 text-slate-800">{item.itemDescription}</p> : null}
      <p className="mt-1 text-sm text-slate-800">
        {item.isBooked ? 'Booked' : 'Not booked yet'}
        {item.price && !hidePrice ? <> · Price: {item.price}</> : null}
      </p>
    </li>
  );
}
