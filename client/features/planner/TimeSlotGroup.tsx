import { Check } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import { useId } from 'react';
import { TIME_SLOT_INFO, TIME_SLOTS } from '../../../contracts/planner.values';
import type { TimeSlot } from '../../../contracts/planner';
import { labelClass } from '../../components/ui/field';

/** Spec §9: the five time slots as one choice (a radio group: arrow keys move and choose). */
export function TimeSlotGroup({
  value,
  onChange,
}: {
  value: TimeSlot;
  onChange: (slot: TimeSlot) => void;
}) {
  const id = useId();
  return (
    <div>
      <p id={id} className={labelClass}>
        Time of day
      </p>
      <RadioGroup.Root
        aria-labelledby={id}
        value={value}
        onValueChange={(next) => onChange(next as TimeSlot)}
        className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3"
      >
        {TIME_SLOTS.map((slot) => {
          const { label, hours } = TIME_SLOT_INFO[slot];
          return (
            <RadioGroup.Item
              key={slot}
              value={slot}
              className="flex min-h-11 items-center gap-2 rounded-md border border-slate-500 bg-white px-3 py-2 text-left text-slate-900 hover:bg-slate-100 data-[state=checked]:border-brand-700 data-[state=checked]:bg-brand-700 data-[state=checked]:text-white"
            >
              <span className="flex size-5 shrink-0 items-center justify-center rounded-full border-2 border-current">
                <RadioGroup.Indicator>
                  <Check aria-hidden="true" className="size-3.5" strokeWidth={3} />
                </RadioGroup.Indicator>
              </span>
              <span className="flex flex-col leading-tight">
                <span className="font-semibold">{label}</span>
                {hours ? (
                  <>
                    {' '}
                    <span className="text-sm">{hours}</span>
                  </>
                ) : null}
              </span>
            </RadioGroup.Item>
          );
        })}
      </RadioGroup.Root>
    </div>
  );
}
