import { Accessibility, Brain, Check, Info, Medal, type LucideIcon } from 'lucide-react';
import { cn } from '../../lib/cn';

export interface AccessibilityInfoCardProps {
  /** `veterans`, `mobility` and `neurodiversity` have their own icon and colour; any other type gets a generic style. */
  type: string;
  title: string;
  features: string[];
}

interface CardStyle {
  Icon: LucideIcon;
  /** Top border accent. */
  accent: string;
  /** Icon badge background and colour. */
  badge: string;
  /** Check-mark colour (decorative; the text carries the meaning). */
  check: string;
}

const CARD_STYLES: Record<string, CardStyle> = {
  veterans: {
    Icon: Medal,
    accent: 'border-t-brand-700',
    badge: 'bg-brand-50 text-brand-800',
    check: 'text-brand-700',
  },
  mobility: {
    Icon: Accessibility,
    accent: 'border-t-emerald-700',
    badge: 'bg-emerald-50 text-emerald-800',
    check: 'text-emerald-700',
  },
  neurodiversity: {
    Icon: Brain,
    accent: 'border-t-violet-700',
    badge: 'bg-violet-50 text-violet-800',
    check: 'text-violet-700',
  },
};

const GENERIC_STYLE: CardStyle = {
  Icon: Info,
  accent: 'border-t-slate-600',
  badge: 'bg-slate-100 text-slate-800',
  check: 'text-slate-700',
};

/** One kind of support (spec §2, Accessibility info card): a title and a checklist of what the site does. */
export function AccessibilityInfoCard({ type, title, features }: AccessibilityInfoCardProps) {
  const style = CARD_STYLES[type] ?? GENERIC_STYLE;
  const { Icon } = style;
  return (
    <div
      className={cn(
        'flex h-full flex-col rounded-lg border border-t-4 border-slate-200 bg-white p-6 shadow-sm',
        style.accent,
      )}
    >
      <div className="flex items-center gap-3">
        <span
          className={cn(
            'inline-flex size-12 shrink-0 items-center justify-center rounded-full',
            style.badge,
          )}
        >
          <Icon aria-hidden="true" className="size-6" />
        </span>
        <h3 className="text-xl font-bold text-slate-900">{title}</h3>
      </div>
      <ul className="mt-4 grid gap-3">
        {features.map((feature) => (
          <li key={feature} className="flex items-start gap-2 text-slate-800">
            <Check aria-hidden="true" className={cn('mt-0.5 size-5 shrink-0', style.check)} />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
