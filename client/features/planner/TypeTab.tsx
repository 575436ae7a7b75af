import { CircleCheck, Circle, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { ITEM_TYPE_LABELS, ITEM_TYPE_PLURALS, timeSlotOf } from '../../../contracts/planner.values';
import type { ItemType, PlannerItem, Trip } from '../../../contracts/planner';
import { Button } from '../../components/ui/button';
import { QueryError } from '../../components/ui/query-error';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { formatDayHeading } from '../../lib/dates';
import { useAllItems } from './api';
import { ItemDialog } from './dialogs';
import { slotHeading } from './items';
import { countOf, formatCentsUsd, formatPriceUsd, pluralOf, totalsOf } from './overview';

/** Consecutive items of one day together; the items come sorted by date already. */
function byDay(items: readonly PlannerItem[]): { date: string; items: PlannerItem[] }[] {
  const days: { date: string; items: PlannerItem[] }[] = [];
  for (const item of items) {
    const last = days.at(-1);
    if (last?.date === item.scheduledDate) last.items.push(item);
    else days.push({ date: item.scheduledDate, items: [item] });
  }
  return days;
}

/** The Flights, Hotels, Cars and Activities tabs: the trip's items of one type, day by day. */
export function TypeTab({ trip, itemType }: { trip: Trip; itemType: ItemType }) {
  const id = useId();
  const items = useAllItems(trip.id);
  const [addOpen, setAddOpen] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const heading = ITEM_TYPE_PLURALS[itemType];
  const label = ITEM_TYPE_LABELS[itemType];
  const plural = pluralOf(itemType);

  let content;
  if (items.isPending) {
    content = (
      <div aria-hidden="true" className="grid gap-3">
        <Skeleton className="h-6 w-1/2" />
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  } else if (items.isError) {
    content = <QueryError query={items} title={`The trip’s ${plural} could not be loaded`} />;
  } else {
    const ofType = items.data.filter((item) => item.itemType === itemType);
    const totals = totalsOf(ofType);
    content =
      ofType.length === 0 ? (
        <p className="rounded-lg border border-slate-300 bg-slate-50 p-6 text-slate-800">
          No {plural} planned yet.
        </p>
      ) : (
        <>
          <p className="font-semibold text-slate-900">
            {countOf(itemType, totals.items)}, {formatCentsUsd(totals.plannedCents)} in all.{' '}
            <span className="font-normal text-slate-800">
              {totals.booked} of {totals.items} booked ({formatCentsUsd(totals.bookedCents)}).
            </span>
          </p>
          <div className="mt-4 grid gap-5">
            {byDay(ofType).map((day) => (
              <section key={day.date} aria-labelledby={`${id}-${day.date}`}>
                <h4 id={`${id}-${day.date}`} className="text-lg font-bold text-slate-900">
                  <time dateTime={day.date}>{formatDayHeading(day.date)}</time>
                </h4>
                <ul className="mt-2 grid gap-2">
                  {day.items.map((item) => (
                    <ItemCard key={item.id} item={item} />
                  ))}
                </ul>
              </section>
            ))}
          </div>
        </>
      );
  }

  return (
    <section aria-labelledby={`${id}-heading`} aria-busy={items.isPending}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h3 id={`${id}-heading`} className="text-xl font-bold text-slate-900">
          {heading}
        </h3>
        <Button onClick={() => setAddOpen(true)}>
          <Plus aria-hidden="true" className="size-5" />
          Add {label.toLowerCase()}
        </Button>
      </div>
      <p role="status" className="sr-only">
        {items.isPending ? `Loading ${plural}` : announcement}
      </p>
      {content}
      <ItemDialog
        trip={trip}
        open={addOpen}
        onOpenChange={setAddOpen}
        defaultType={itemType}
        onSaved={(item) =>
          setAnnouncement(`${item.itemName} added on ${formatDayHeading(item.scheduledDate)}.`)
        }
      />
    </section>
  );
}

function ItemCard({ item }: { item: PlannerItem }) {
  const BookedIcon = item.isBooked ? CircleCheck : Circle;
  return (
    <li className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 rounded-md border border-slate-300 bg-white p-3">
      <div className="min-w-0 flex-1 basis-56">
        <p className="font-semibold text-slate-900">{item.itemName}</p>
        <p className="text-sm text-slate-800">{slotHeading(timeSlotOf(item.scheduledTime))}</p>
        {item.itemDescription ? (
          <p className="mt-1 text-slate-800">{item.itemDescription}</p>
        ) : null}
      </div>
      <div className="grid justify-items-start gap-1 sm:justify-items-end">
        <p className="font-semibold text-slate-900">
          <span className="sr-only">Price: </span>
          {formatPriceUsd(item.price)}
        </p>
        <p
          className={cn(
            'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-sm font-semibold',
            item.isBooked
              ? 'border-green-700 bg-green-50 text-green-900'
              : 'border-slate-500 bg-slate-50 text-slate-800',
          )}
        >
          <BookedIcon aria-hidden="true" className="size-4" />
          {item.isBooked ? 'Booked' : 'Not booked'}
        </p>
      </div>
    </li>
  );
}
