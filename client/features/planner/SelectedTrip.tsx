import { CalendarPlus, MapPin, Pencil, Trash2 } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useEffect, useId, useRef, useState } from 'react';
import {
  ITEM_TYPE_PLURALS,
  ITEM_TYPES,
  TRIP_STATUS_LABELS,
  TRIP_STATUSES,
} from '../../../contracts/planner.values';
import type { Trip, TripStatus } from '../../../contracts/planner';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { fieldClass, labelClass } from '../../components/ui/field';
import { toast } from '../../components/ui/use-toast';
import { errorMessage } from '../../lib/api';
import { formatTripDates } from '../../lib/dates';
import { useDeleteTrip, useItemsBetween, useUpdateTrip } from './api';
import { monthOf, todayIso, visibleRange } from './calendar-grid';
import { DayPanel } from './DayPanel';
import { MonthCalendar } from './MonthCalendar';
import { OverviewTab } from './OverviewTab';
import { TripActions } from './TripActions';
import { TripDialog } from './dialogs';
import { TripStatusBadge } from './TripList';
import { TypeTab } from './TypeTab';

const tabClass =
  'min-h-11 rounded-md px-4 font-semibold text-slate-800 hover:bg-white/70 data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow';

/** The chosen trip: its heading, status, actions and the tabs of its plan. */
export function SelectedTrip({
  trip,
  focusHeading,
  onHeadingFocused,
  onDeleted,
}: {
  trip: Trip;
  /** Focus the trip's heading once it is on screen (it was just created, or came after a deletion). */
  focusHeading: boolean;
  onHeadingFocused: () => void;
  onDeleted: (title: string) => void;
}) {
  const id = useId();
  const [editOpen, setEditOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [status, setStatus] = useState('');
  const update = useUpdateTrip();
  const remove = useDeleteTrip();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!focusHeading) return;
    headingRef.current?.focus();
    onHeadingFocused();
  }, [focusHeading, onHeadingFocused]);
  // Kept here, not in the tab: visiting Flights or Overview and coming back keeps the month and day.
  const [month, setMonth] = useState(() => monthOf(trip.startDate ?? todayIso()));
  const [selectedDate, setSelectedDate] = useState<string | null>(null);
  // A trip whose start date moves shows the month it now starts in.
  const [shownStart, setShownStart] = useState(trip.startDate);
  if (trip.startDate !== shownStart) {
    setShownStart(trip.startDate);
    if (trip.startDate) setMonth(monthOf(trip.startDate));
  }

  function changeStatus(next: TripStatus) {
    update.mutate(
      { id: trip.id, changes: { status: next } },
      {
        onSuccess: () => setStatus(`${trip.title} is now ${TRIP_STATUS_LABELS[next]}.`),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Status not changed',
            description: errorMessage(error, 'The trip’s status could not be changed.'),
          }),
      },
    );
  }

  // Awaited rather than a mutate callback: this component is gone once the list drops the trip.
  async function confirmDelete() {
    try {
      await remove.mutateAsync(trip.id);
      onDeleted(trip.title);
    } catch (error) {
      setDeleteOpen(false);
      toast({
        variant: 'destructive',
        title: 'Trip not deleted',
        description: errorMessage(error, 'The trip could not be deleted. Please try again.'),
      });
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="min-w-0">
      <div className="flex flex-wrap items-start justify-between gap-4 border-b border-slate-300 pb-4">
        <div className="min-w-0">
          <h2
            id={`${id}-title`}
            ref={headingRef}
            tabIndex={-1}
            className="text-2xl font-bold text-slate-900"
          >
            {trip.title}
          </h2>
          <p className="mt-1 flex items-center gap-1.5 text-slate-800">
            <MapPin aria-hidden="true" className="size-4 shrink-0" />
            {trip.destination}
          </p>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-slate-800">
            <CalendarPlus aria-hidden="true" className="size-4 shrink-0" />
            {formatTripDates(trip) ?? 'Dates not set yet'}
            <TripStatusBadge status={trip.status} />
          </p>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <div>
            <label htmlFor={`${id}-status`} className={labelClass}>
              Trip status
            </label>
            <select
              id={`${id}-status`}
              className={`${fieldClass} w-40`}
              value={trip.status}
              onChange={(event) => changeStatus(event.target.value as TripStatus)}
            >
              {TRIP_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {TRIP_STATUS_LABELS[value]}
                </option>
              ))}
            </select>
          </div>
          <Button variant="secondary" onClick={() => setEditOpen(true)}>
            <Pencil aria-hidden="true" className="size-4" />
            Edit trip
          </Button>
          <Button variant="secondary" onClick={() => setDeleteOpen(true)}>
            <Trash2 aria-hidden="true" className="size-4" />
            Delete trip
          </Button>
        </div>
        <p role="status" className="sr-only">
          {status}
        </p>
      </div>

      <div className="mt-4">
        <TripActions trip={trip} />
      </div>

      <Tabs.Root defaultValue="planner" className="mt-6">
        <Tabs.List
          aria-label="Trip views"
          className="flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1 print:hidden"
        >
          <Tabs.Trigger value="planner" className={tabClass}>
            Trip Planner
          </Tabs.Trigger>
          {ITEM_TYPES.map((type) => (
            <Tabs.Trigger key={type} value={type} className={tabClass}>
              {ITEM_TYPE_PLURALS[type]}
            </Tabs.Trigger>
          ))}
          <Tabs.Trigger value="overview" className={tabClass}>
            Overview
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="planner" className="mt-4">
          <PlannerTab
            trip={trip}
            month={month}
            onMonthChange={setMonth}
            selectedDate={selectedDate}
            onSelectDate={setSelectedDate}
          />
        </Tabs.Content>
        {ITEM_TYPES.map((type) => (
          <Tabs.Content key={type} value={type} className="mt-4">
            <TypeTab trip={trip} itemType={type} />
          </Tabs.Content>
        ))}
        <Tabs.Content value="overview" className="mt-4">
          <OverviewTab trip={trip} />
        </Tabs.Content>
      </Tabs.Root>

      <TripDialog
        open={editOpen}
        onOpenChange={setEditOpen}
        trip={trip}
        onSaved={(saved) => setStatus(`${saved.title} saved.`)}
      />
      <ConfirmDialog
        open={deleteOpen}
        onOpenChange={setDeleteOpen}
        title={`Delete ${trip.title}?`}
        description="The trip and everything planned in it will be deleted. This cannot be undone."
        confirmLabel="Delete trip"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        needsConnection
        onConfirm={() => void confirmDelete()}
      />
    </section>
  );
}

/** The Trip Planner tab: the month calendar beside the chosen day's plan. */
function PlannerTab({
  trip,
  month,
  onMonthChange,
  selectedDate,
  onSelectDate,
}: {
  trip: Trip;
  month: string;
  onMonthChange: (month: string) => void;
  selectedDate: string | null;
  onSelectDate: (date: string) => void;
}) {
  const range = visibleRange(month);
  const items = useItemsBetween(trip.id, range.from, range.to);

  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
      <MonthCalendar
        trip={trip}
        month={month}
        onMonthChange={onMonthChange}
        selectedDate={selectedDate}
        onSelectDate={onSelectDate}
        items={items.data ?? []}
        loading={items.isPending || items.isPlaceholderData}
        error={items.isError ? items.error : null}
        onRetry={() => void items.refetch()}
        retrying={items.isFetching}
        today={todayIso()}
      />
      <DayPanel trip={trip} date={selectedDate} />
    </div>
  );
}
