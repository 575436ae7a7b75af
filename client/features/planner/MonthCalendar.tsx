import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { PlannerItem, Trip } from '../../../contracts/planner';
import { Button } from '../../components/ui/button';
import { QueryError } from '../../components/ui/query-error';
import {
  addMonths,
  formatMonthTitle,
  isWithinTrip,
  itemsByDate,
  monthGrid,
  monthOf,
  moveDate,
  tabStopDate,
  tripFirstDay,
  WEEKDAYS,
} from './calendar-grid';
import { DayCell } from './DayCell';

export interface MonthCalendarProps {
  trip: Trip;
  /** The month shown, 'YYYY-MM'. */
  month: string;
  onMonthChange: (month: string) => void;
  selectedDate: string | null;
  onSelectDate: (date: string) => void;
  /** The items of visibleRange(month), in the planner's order. */
  items: PlannerItem[];
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  /** The items are being fetched again after an error (Try again waits). */
  retrying: boolean;
  /** todayIso(), passed in so tests and server time cannot disagree. */
  today: string;
}

const NO_ITEMS: PlannerItem[] = [];

/**
 * The trip's month calendar (spec §2 Flight Plan, §9): a WAI-ARIA grid of day buttons with a roving
 * tab stop; the arrow keys, Home, End, PageUp and PageDown move between days (and months), and
 * Enter, Space or a click selects a day.
 */
export function MonthCalendar({
  trip,
  month,
  onMonthChange,
  selectedDate,
  onSelectDate,
  items,
  loading,
  error,
  onRetry,
  retrying,
  today,
}: MonthCalendarProps) {
  const titleId = useId();
  const gridRef = useRef<HTMLTableElement>(null);
  // The day a key (or the Today button) moved to; it keeps the tab stop until the selection changes.
  const [activeDate, setActiveDate] = useState<string | null>(null);
  const [seenSelected, setSeenSelected] = useState(selectedDate);
  if (seenSelected !== selectedDate) {
    setSeenSelected(selectedDate);
    setActiveDate(null);
  }
  // A day to focus once its month is the one shown (moving off the month waits for onMonthChange).
  const pendingFocus = useRef<string | null>(null);

  const dayButton = (date: string) =>
    gridRef.current?.querySelector<HTMLButtonElement>(`button[data-date="${date}"]`) ?? null;

  useEffect(() => {
    const date = pendingFocus.current;
    if (date === null || monthOf(date) !== month) return;
    pendingFocus.current = null;
    dayButton(date)?.focus();
  });

  function focusDay(date: string) {
    setActiveDate(date);
    if (monthOf(date) === month) {
      // Focus now: when nothing changes, no render would follow to do it.
      dayButton(date)?.focus();
    } else {
      pendingFocus.current = date;
      onMonthChange(monthOf(date));
    }
  }

  function onDayKeyDown(event: KeyboardEvent<HTMLButtonElement>, date: string) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const next = moveDate(date, event.key);
    if (next === null) return;
    event.preventDefault();
    focusDay(next);
  }

  function goToToday() {
    onSelectDate(today);
    focusDay(today);
  }

  const byDate = itemsByDate(items);
  // Items shown while a newer load runs are still what the cells show, so their names stand.
  // A month still loading (or showing the last month's items meanwhile) must not claim "no items".
  const itemsKnown = !loading && error == null;
  const tabStop = tabStopDate(month, {
    active: activeDate,
    selected: selectedDate,
    tripStart: tripFirstDay(trip),
    today,
  });

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} aria-live="polite" className="text-xl font-bold text-slate-900">
          {formatMonthTitle(month)}
        </h3>
        <div className="flex items-center gap-2">
          {loading ? (
            <span aria-hidden="true" className="text-sm text-slate-700">
              Loading…
            </span>
          ) : null}
          <Button
            variant="secondary"
            size="icon"
            aria-label="Previous month"
            onClick={() => onMonthChange(addMonths(month, -1))}
          >
            <ChevronLeft aria-hidden="true" className="size-5" />
          </Button>
          <Button variant="secondary" onClick={goToToday}>
            Today
          </Button>
          <Button
            variant="secondary"
            size="icon"
            aria-label="Next month"
            onClick={() => onMonthChange(addMonths(month, 1))}
          >
            <ChevronRight aria-hidden="true" className="size-5" />
          </Button>
        </div>
      </div>

      <p role="status" className="sr-only">
        {loading ? "Loading the month's items" : ''}
      </p>

      {error != null ? (
        <QueryError
          query={{ error, isFetching: retrying, refetch: onRetry }}
          title="The month’s items could not be loaded"
        />
      ) : null}

      <table
        ref={gridRef}
        // The WAI-ARIA date picker's own markup: the table ties each day to its weekday header.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-element-to-interactive-role
        role="grid"
        aria-labelledby={titleId}
        aria-busy={loading}
        className="w-full table-fixed border-separate border-spacing-0.5 sm:border-spacing-1"
      >
        <thead>
          <tr>
            {WEEKDAYS.map((weekday) => (
              <th
                key={weekday.short}
                scope="col"
                abbr={weekday.long}
                className="py-1 text-xs font-semibold text-slate-800 sm:text-sm"
              >
                {weekday.short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthGrid(month).map((week) => (
            <tr key={week[0]}>
              {week.map((date) => (
                <DayCell
                  key={date}
                  date={date}
                  items={byDate.get(date) ?? NO_ITEMS}
                  itemsKnown={itemsKnown}
                  inMonth={monthOf(date) === month}
                  isToday={date === today}
                  inTrip={isWithinTrip(date, trip)}
                  selected={date === selectedDate}
                  tabStop={date === tabStop}
                  onSelect={() => onSelectDate(date)}
                  onKeyDown={(event) => onDayKeyDown(event, date)}
                />
              ))}
            </tr>
          ))}
        </tbody>
      </table>

      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-800">
        <li className="flex items-center gap-2">
          <span aria-hidden="true" className="size-4 rounded-sm border-2 border-slate-900" />
          Today
        </li>
        <li className="flex items-center gap-2">
          <span aria-hidden="true" className="relative size-4 rounded-sm bg-brand-100">
            <span className="absolute inset-x-0.5 top-0 h-1 rounded-b-sm bg-brand-700" />
          </span>
          Day of the trip
        </li>
      </ul>
    </div>
  );
}
