import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { PlannerItem, Trip } from '../../../contracts/planner';
import { Button } from '../../components/ui/button';
import { QueryError } from '../../components/ui/query-error';
import { cn } from '../../lib/cn';
import {
  addMonths,
  dayAccessibleName,
  formatMonthTitle,
  isWithinTrip,
  itemsByDate,
  MAX_NAMES_IN_CELL,
  monthGrid,
  monthOf,
  moreLabel,
  moveDate,
  tabStopDate,
  WEEKDAYS,
} from './calendar-grid';

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
  const tabStop = tabStopDate(month, { active: activeDate, selected: selectedDate, today });

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

interface DayCellProps {
  date: string;
  items: PlannerItem[];
  /** False while the items load or after they failed: the name then does not claim "no items". */
  itemsKnown: boolean;
  inMonth: boolean;
  isToday: boolean;
  inTrip: boolean;
  selected: boolean;
  tabStop: boolean;
  onSelect: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
}

/**
 * A day's background and text colours, one of each: the selected day is brand blue, a day of the
 * trip tinted, a day of another month grey; a day of another month keeps its greyer text when tinted.
 */
function dayCellTone({
  inMonth,
  inTrip,
  selected,
}: Pick<DayCellProps, 'inMonth' | 'inTrip' | 'selected'>): string {
  if (selected) return 'bg-brand-700 text-white hover:bg-brand-800';
  const text = inMonth ? 'text-slate-900' : 'text-slate-700';
  if (inTrip) return `bg-brand-50 hover:bg-brand-100 ${text}`;
  return inMonth
    ? `bg-white hover:bg-slate-100 ${text}`
    : `bg-slate-100 hover:bg-slate-200 ${text}`;
}

function DayCell({
  date,
  items,
  itemsKnown,
  inMonth,
  isToday,
  inTrip,
  selected,
  tabStop,
  onSelect,
  onKeyDown,
}: DayCellProps) {
  const named = items.slice(0, MAX_NAMES_IN_CELL);
  const more = moreLabel(items.length);
  const label = dayAccessibleName(date, itemsKnown ? items.map((item) => item.itemName) : null, {
    today: isToday,
    inTrip,
  });
  return (
    <td role="gridcell" aria-selected={selected || undefined} className="p-0 align-top">
      <button
        type="button"
        data-date={date}
        tabIndex={tabStop ? 0 : -1}
        aria-label={label}
        // The cell carries aria-selected; focus is on this button, so it says it too.
        aria-pressed={selected}
        aria-current={isToday ? 'date' : undefined}
        onClick={onSelect}
        onKeyDown={onKeyDown}
        className={cn(
          'relative flex min-h-16 w-full min-w-0 flex-col gap-0.5 overflow-hidden rounded-md border-2 p-1 text-left sm:min-h-24 sm:p-1.5',
          dayCellTone({ inMonth, inTrip, selected }),
          isToday ? 'border-slate-900' : 'border-slate-200',
        )}
      >
        {inTrip ? (
          <span
            aria-hidden="true"
            className={cn(
              'absolute inset-x-1 top-0 h-1 rounded-b-sm',
              selected ? 'bg-white' : 'bg-brand-700',
            )}
          />
        ) : null}
        <span className="flex flex-wrap items-baseline justify-between gap-x-1">
          <span className={cn('text-sm sm:text-base', inMonth ? 'font-bold' : 'font-medium')}>
            {Number(date.slice(8))}
          </span>
          {isToday ? (
            // Too wide for a phone's cell: there the thick border (and the name) mark today.
            <span className="hidden text-xs font-bold uppercase sm:inline">Today</span>
          ) : null}
        </span>
        {named.length > 0 ? (
          // Narrow screens have no room for names: a dot stands for each one.
          <span className="flex gap-1 sm:hidden">
            {named.map((item) => (
              <span key={item.id} className="size-1.5 rounded-full bg-current" />
            ))}
          </span>
        ) : null}
        {named.map((item) => (
          <span
            key={item.id}
            title={item.itemName}
            className="hidden truncate text-xs leading-snug sm:block"
          >
            {item.itemName}
          </span>
        ))}
        {more ? (
          <span className="text-[0.625rem] leading-tight font-semibold sm:text-xs">{more}</span>
        ) : null}
      </button>
    </td>
  );
}
