import { CloudUpload, Pencil, X } from 'lucide-react';
import { ITEM_TYPE_LABELS } from '../../../contracts/planner.values';
import type { PlannerItem } from '../../../contracts/planner';
import { Button } from '../../components/ui/button';
import { PENDING_CLASS } from '../../components/ui/pending';
import { formatPriceUsd } from './overview';

/** One item of the day's plan: what it is, its price, and Booked, Edit and Delete. */
export function DayItem({
  item,
  toggleBusy,
  onToggleBooked,
  onEdit,
  onDelete,
  editRef,
  deleteRef,
  waiting,
}: {
  item: PlannerItem;
  /** Changed on this device without a network: not on the server yet. */
  waiting: boolean;
  toggleBusy: boolean;
  onToggleBooked: () => void;
  onEdit: () => void;
  onDelete: () => void;
  editRef: (button: HTMLButtonElement | null) => void;
  deleteRef: (button: HTMLButtonElement | null) => void;
}) {
  const toggleText = item.isBooked ? 'Mark as not booked' : 'Mark as booked';
  return (
    <li className="rounded-md border border-slate-300 p-[min(0.75rem,3vw)] text-slate-900">
      <div className="flex items-start justify-between gap-2">
        <p className="min-w-0 font-semibold">
          {item.itemName}{' '}
          <span className="font-normal text-slate-700">({ITEM_TYPE_LABELS[item.itemType]})</span>
        </p>
        <Button
          ref={deleteRef}
          variant="ghost"
          size="icon"
          className="-m-1 shrink-0"
          aria-label={`Delete ${item.itemName}`}
          onClick={onDelete}
        >
          <X aria-hidden="true" className="size-5" />
        </Button>
      </div>
      {item.itemDescription ? <p className="mt-1 text-slate-800">{item.itemDescription}</p> : null}
      <p className="mt-1 text-slate-800">
        {formatPriceUsd(item.price)} ·{' '}
        <span className={item.isBooked ? 'font-semibold text-green-800' : undefined}>
          {item.isBooked ? 'Booked' : 'Not booked'}
        </span>
      </p>
      {waiting ? (
        <p className="mt-1 flex items-start gap-1.5 text-sky-900">
          <CloudUpload aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          Not sent yet: saved on this device
        </p>
      ) : null}
      <div className="mt-2 flex flex-wrap gap-2">
        {/* The words say what pressing does, so no aria-pressed (it would contradict them). */}
        <Button
          variant="secondary"
          className={PENDING_CLASS}
          aria-disabled={toggleBusy || undefined}
          // The visible words first (WCAG 2.5.3), then which item.
          aria-label={`${toggleText}: ${item.itemName}`}
          onClick={() => {
            if (!toggleBusy) onToggleBooked();
          }}
        >
          {toggleText}
        </Button>
        <Button ref={editRef} variant="secondary" onClick={onEdit}>
          <Pencil aria-hidden="true" className="size-4" />
          Edit<span className="sr-only"> {item.itemName}</span>
        </Button>
      </div>
    </li>
  );
}
