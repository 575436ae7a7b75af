import { Progress } from 'radix-ui';
import { BETA_STEPS } from '../../../contracts/beta.values';

/** How far through the four steps the traveller is, in words and as a bar. */
export function WizardProgress({ step }: { step: number }) {
  const percent = Math.round(((step + 1) / BETA_STEPS.length) * 100);
  return (
    <div className="mb-5">
      {/* The progress bar says the same to assistive technology (its name and value text). */}
      <p aria-hidden="true" className="flex justify-between text-sm font-semibold">
        <span>
          Step {step + 1} of {BETA_STEPS.length}
        </span>
        <span>{percent}%</span>
      </p>
      <Progress.Root
        value={percent}
        getValueLabel={(value) => `Step ${step + 1} of ${BETA_STEPS.length}, ${value}%`}
        aria-label="Sign-up progress"
        className="mt-1 h-3 overflow-hidden rounded-full border border-slate-500 bg-slate-100"
      >
        <Progress.Indicator
          className="h-full bg-brand-700 motion-safe:transition-transform"
          style={{ transform: `translateX(-${100 - percent}%)` }}
        />
      </Progress.Root>
    </div>
  );
}
