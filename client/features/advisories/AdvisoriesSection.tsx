import { ChevronDown } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { Advisory } from '../../../contracts/advisories';
import { ADVISORY_LEVEL_LABELS, type AdvisoryLevel } from '../../../contracts/advisory-levels';
import { Section } from '../../components/layout/Section';
import { Button } from '../../components/ui/button';
import { safetyLevelStyle } from '../../components/ui/safety-level-badge';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { useAdvisories } from './api';
import { AdvisoryList } from './AdvisoryList';

const LEVELS = [1, 2, 3, 4] as const satisfies readonly AdvisoryLevel[];

/** What each level asks of a traveller, in plain words. */
const LEVEL_ADVICE: Record<AdvisoryLevel, string> = {
  1: 'The lowest level: the usual care you would take anywhere.',
  2: 'Heightened risks to safety and security; be more aware of your surroundings.',
  3: 'Serious risks: avoid travel unless you must, and plan for them if you go.',
  4: 'A greater likelihood of life-threatening risks: do not travel.',
};

/**
 * A level's countries, behind its summary. The list is rendered only once opened: closed, it would
 * be hundreds of elements the landing page lays out for nothing (Lighthouse's main-thread time).
 */
function LevelCountries({ countries, children }: { countries: Advisory[]; children: ReactNode }) {
  const [opened, setOpened] = useState(false);
  return (
    <details
      className="group mt-3 rounded-md bg-white text-slate-900"
      onToggle={(event) => {
        if (event.currentTarget.open) setOpened(true);
      }}
    >
      {children}
      {opened ? (
        <div className="max-h-96 overflow-y-auto px-3 pb-2">
          <AdvisoryList advisories={countries} />
        </div>
      ) : null}
    </details>
  );
}

/** The landing page's advisory section: the four levels, each with its countries. */
export function AdvisoriesSection() {
  const advisories = useAdvisories();
  return (
    <Section
      id="advisories"
      title="Travel Advisories"
      lead="Every country has a level from 1 to 4, as published by the US State Department. The badge on each destination is its country’s level. Open a level to see its countries, the reasons, and the date of each advisory."
    >
      {advisories.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-busy="true">
          {LEVELS.map((level) => (
            <Skeleton key={level} className="h-40" />
          ))}
          <p role="status" className="sr-only">
            Loading advisories…
          </p>
        </div>
      ) : advisories.isError ? (
        <div className="flex flex-col items-start gap-3 rounded-lg border border-red-300 bg-red-50 p-4">
          <p className="text-red-900">Unable to load travel advisories at the moment.</p>
          <Button variant="secondary" onClick={() => void advisories.refetch()}>
            Try Again
          </Button>
        </div>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {LEVELS.map((level) => {
            // The server lists them most serious first, then by country.
            const countries = advisories.data.filter((a) => a.level === level);
            return (
              <li key={level} className={cn('rounded-lg border-2 p-4', safetyLevelStyle(level))}>
                <h3 className="text-xl font-bold">Level {level}</h3>
                <p className="font-semibold">{ADVISORY_LEVEL_LABELS[level]}</p>
                <p className="mt-2 text-sm">{LEVEL_ADVICE[level]}</p>
                {countries.length === 0 ? (
                  <p className="mt-3 text-sm">No country on our list is at this level.</p>
                ) : (
                  <LevelCountries countries={countries}>
                    <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-2 rounded-md px-3 font-semibold">
                      {countries.length} {countries.length === 1 ? 'country' : 'countries'}
                      <ChevronDown
                        aria-hidden="true"
                        className="size-4 group-open:rotate-180 motion-safe:transition-transform"
                      />
                    </summary>
                  </LevelCountries>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Section>
  );
}
