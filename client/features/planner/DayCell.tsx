import type { KeyboardEvent } from 'react';
import type { PlannerItem } from '../../../contracts/planner';
import { cn } from '../../lib/cn';
import { dayAccessibleName, MAX_NAMES_IN_CELL, moreLabel } from './calendar-grid';

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

/** One day of the month's grid: a button named for the day and its items (roving tab stop). */
export function DayCell({
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
