import { Check, Loader2 } from 'lucide-react';
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { cn } from '../../lib/cn';

/** Spec §4: select, then payment, then success. */
export const PAYMENT_STEPS = ['Choose a booking', 'Pay', 'Confirmed'] as const;
export type PaymentStepNumber = 1 | 2 | 3;

/**
 * A step's heading. Its accessible name starts with "Step N of 3", so moving focus to it when the
 * step changes tells a screen reader user where they are (focus is the announcement).
 */
export function StepHeading({
  step,
  id,
  children,
}: {
  step: PaymentStepNumber;
  id: string;
  children: ReactNode;
}) {
  return (
    <h2 id={id} tabIndex={-1} data-step-heading="" className="text-2xl font-bold text-slate-900">
      <span className="sr-only">
        Step {step} of {PAYMENT_STEPS.length}:{' '}
      </span>
      {children}
    </h2>
  );
}

/** Where the visitor is in the three steps; the current one carries aria-current="step". */
export function StepIndicator({ current }: { current: PaymentStepNumber }) {
  return (
    <ol aria-label="Payment steps" className="mb-8 flex flex-wrap gap-x-6 gap-y-2 text-slate-700">
      {PAYMENT_STEPS.map((label, index) => {
        const number = index + 1;
        const done = number < current;
        const isCurrent = number === current;
        return (
          <li
            key={label}
            aria-current={isCurrent ? 'step' : undefined}
            className={cn('flex items-center gap-2', isCurrent && 'font-bold text-slate-900')}
          >
            <span
              aria-hidden="true"
              className={cn(
                'inline-flex size-7 items-center justify-center rounded-full border-2 text-sm',
                isCurrent && 'border-brand-700 bg-brand-700 text-white',
                done && 'border-green-700 bg-green-700 text-white',
                !isCurrent && !done && 'border-slate-400',
              )}
            >
              {done ? <Check className="size-4" /> : number}
            </span>
            {label}
            {done ? <span className="sr-only">(done)</span> : null}
          </li>
        );
      })}
    </ol>
  );
}

/**
 * Moves focus to the step heading inside `container` whenever `stepKey` changes after the first
 * render (a direct visit keeps the browser's own focus, as the rest of the site does).
 */
export function useFocusStepHeading(stepKey: string, container: RefObject<HTMLElement | null>) {
  const previous = useRef<string | null>(null);
  useEffect(() => {
    const changed = previous.current !== null && previous.current !== stepKey;
    previous.current = stepKey;
    if (!changed) return;
    container.current?.querySelector<HTMLElement>('[data-step-heading]')?.focus();
  }, [stepKey, container]);
}

/** A wait, announced politely; under prefers-reduced-motion the spinner stands still. */
export function Loading({ text }: { text: string }) {
  return (
    <p role="status" className="flex items-center gap-3 text-slate-800">
      <Loader2 aria-hidden="true" className="size-6 text-brand-700 motion-safe:animate-spin" />
      {text}
    </p>
  );
}
