import { ExternalLink } from 'lucide-react';
import type { Advisory } from '../../../contracts/advisories';
import { SafetyLevelBadge } from '../../components/ui/safety-level-badge';
import { formatAdvisoryDate } from '../../lib/dates';

/** Advisories as a list: country, level, the source's title and summary, date and source link. */
export function AdvisoryList({ advisories }: { advisories: Advisory[] }) {
  return (
    <ul className="divide-y divide-slate-200">
      {advisories.map((a) => (
        <li key={a.countryCode} className="py-3">
          <div className="flex flex-wrap items-center gap-2">
            <SafetyLevelBadge level={a.level} />
            <span className="font-bold text-slate-900">{a.country}</span>
          </div>
          <p className="mt-1 font-medium text-slate-900">{a.title}</p>
          {a.summary ? <p className="mt-1 text-slate-800">{a.summary}</p> : null}
          <p className="mt-1 text-sm text-slate-700">
            {a.updatedAt ? <>Updated {formatAdvisoryDate(a.updatedAt)}. </> : null}
            {a.source ? (
              <a
                href={a.source}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex min-h-6 items-center gap-1 text-brand-800 underline"
              >
                Official advisory
                <span className="sr-only"> for {a.country} (opens in a new tab)</span>
                <ExternalLink aria-hidden="true" className="size-3.5" />
              </a>
            ) : null}
          </p>
        </li>
      ))}
    </ul>
  );
}
