import { useQuery } from '@tanstack/react-query';
import { Phone } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { advisoryLevelLabel } from '../../../contracts/advisory-levels';
import type { EmergencyContact } from '../../../contracts/emergency';
import { QueryError } from '../../components/ui/query-error';
import { safetyLevelStyle } from '../../components/ui/safety-level-badge';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { formatLongDate } from '../../lib/dates';
import { advisoriesQuery } from '../advisories/api';
import { destinationsQuery } from '../destinations/api';
import { emergencyContactsQuery, type EmergencyContactsResult } from '../emergency/api';
import { matchCountry } from './overview';

/** The Overview needs the numbers only, not when or how they were fetched. */
const contactsOnly = (result: EmergencyContactsResult) => result.contacts;

const linkClass =
  'inline-flex min-h-6 items-center font-semibold text-brand-800 underline underline-offset-4';

/** The advisory level of the destination's country and its emergency numbers. */
export function Safety({ destination }: { destination: string }) {
  const id = useId();
  const advisories = useQuery(advisoriesQuery);
  const contacts = useQuery({ ...emergencyContactsQuery, select: contactsOnly });
  const destinations = useQuery(destinationsQuery);
  const loading = advisories.isPending || contacts.isPending || destinations.isPending;

  let content: ReactNode;
  if (loading) {
    content = (
      <div aria-hidden="true" className="grid gap-2">
        <Skeleton className="h-6 w-72" />
        <Skeleton className="h-6 w-56" />
      </div>
    );
  } else {
    const country = matchCountry(
      destination,
      [...(advisories.data ?? []), ...(contacts.data ?? [])],
      destinations.data ?? [],
    );
    if (!country) {
      content = (
        <div className="grid gap-3">
          <p className="text-slate-900">
            We could not tell which country “{destination}” is in.{' '}
            <Link to="/emergency-info" className={linkClass}>
              Find emergency numbers by country
            </Link>
          </p>
          {advisories.isError ? (
            <QueryError query={advisories} title="Travel advisories could not be loaded" />
          ) : null}
          {contacts.isError ? (
            <QueryError query={contacts} title="Emergency numbers could not be loaded" />
          ) : null}
          {destinations.isError ? (
            <QueryError query={destinations} title="Destinations could not be loaded" />
          ) : null}
        </div>
      );
    } else {
      const advisory = advisories.data?.find((a) => a.countryCode === country.countryCode);
      const contact = contacts.data?.find((c) => c.countryCode === country.countryCode);
      content = (
        <div className="grid gap-4">
          <p className="text-slate-900">
            Country: <strong>{country.country}</strong>
          </p>
          <div>
            <h5 className="font-bold text-slate-900">Travel advisory</h5>
            {advisories.isError ? (
              <QueryError query={advisories} title="The travel advisory could not be loaded" />
            ) : advisory ? (
              <p className="mt-1 text-slate-900">
                <span
                  className={cn(
                    'inline-flex items-center rounded-full border px-2.5 py-0.5 font-semibold',
                    safetyLevelStyle(advisory.level),
                  )}
                >
                  Level {advisory.level}: {advisoryLevelLabel(advisory.level)}
                </span>
                {advisory.updatedAt ? (
                  <span className="ml-2 text-sm text-slate-800">
                    (updated{' '}
                    <time dateTime={advisory.updatedAt}>{formatLongDate(advisory.updatedAt)}</time>)
                  </span>
                ) : null}
              </p>
            ) : (
              <p className="mt-1 text-slate-900">
                No travel advisory is on file for {country.country}.
              </p>
            )}
          </div>
          <div>
            <h5 className="font-bold text-slate-900">Emergency number</h5>
            {contacts.isError ? (
              <QueryError query={contacts} title="The emergency number could not be loaded" />
            ) : (
              <EmergencyNumbers contact={contact} />
            )}
          </div>
        </div>
      );
    }
  }

  return (
    <section aria-labelledby={`${id}-heading`} aria-busy={loading}>
      <h4 id={`${id}-heading`} className="mb-2 text-lg font-bold text-slate-900">
        Safety at your destination
      </h4>
      <p role="status" className="sr-only">
        {loading ? 'Loading safety information' : ''}
      </p>
      {content}
    </section>
  );
}

function TelLink({ number }: { number: string }) {
  return (
    <a href={`tel:${number}`} className={cn(linkClass, 'gap-1 tabular-nums')}>
      <Phone aria-hidden="true" className="size-4" />
      {number}
    </a>
  );
}

function EmergencyNumbers({ contact }: { contact: EmergencyContact | undefined }) {
  const services: { service: string; number: string }[] = [];
  if (contact?.police) services.push({ service: 'Police', number: contact.police });
  if (contact?.ambulance) services.push({ service: 'Ambulance', number: contact.ambulance });
  if (contact?.fire) services.push({ service: 'Fire', number: contact.fire });
  return (
    <div className="mt-1 grid gap-1 text-slate-900">
      <p>
        {contact?.emergencyNumber ? <TelLink number={contact.emergencyNumber} /> : 'Not known.'}
      </p>
      {services.length > 0 ? (
        <ul className="grid gap-1">
          {services.map(({ service, number }) => (
            <li key={service}>
              {service}: <TelLink number={number} />
            </li>
          ))}
        </ul>
      ) : null}
      <p>
        <Link to="/emergency-info" className={linkClass}>
          More emergency information
        </Link>
      </p>
    </div>
  );
}
