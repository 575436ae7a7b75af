import { advisoryLevelLabel } from '../../../contracts/advisory-levels';
import { cn } from '../../lib/cn';

/** Spec §4: 1 green, 2 yellow, 3 orange, 4 red, anything else grey; every pair passes AA contrast. */
const LEVEL_STYLES: Record<number, string> = {
  1: 'border-green-700 bg-green-100 text-green-900',
  2: 'border-yellow-700 bg-yellow-100 text-yellow-900',
  3: 'border-orange-700 bg-orange-100 text-orange-900',
  4: 'border-red-700 bg-red-100 text-red-900',
};
const UNKNOWN_STYLE = 'border-slate-500 bg-slate-100 text-slate-900';

export function safetyLevelStyle(level: number): string {
  return LEVEL_STYLES[level] ?? UNKNOWN_STYLE;
}

export function SafetyLevelBadge({ level, className }: { level: number; className?: string }) {
  const meaning = advisoryLevelLabel(level);
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2.5 py-0.5 text-sm font-semibold',
        safetyLevelStyle(level),
        className,
      )}
    >
      <span aria-hidden={meaning ? true : undefined}>Level {level}</span>
      {meaning ? <span className="sr-only">{`Level ${level}: ${meaning}`}</span> : null}
    </span>
  );
}
