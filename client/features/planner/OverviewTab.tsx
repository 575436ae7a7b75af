import { useQuery } from '@tanstack/react-query';
import { Phone } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { advisoryLevelLabel } from '../../../contracts/advisory-levels';
import type { EmergencyContact } from '../../../contracts/emergency';
import { ITEM_TYPE_PLURALS } from '../../../contracts/planner.values';
import type { Trip } from '../../../contracts/planner';
import { QueryError } from '../../components/ui/query-error';
import { safetyLevelStyle } from '../../components/ui/safety-level-badge';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { formatLongDate, formatTripDates } from '../../lib/dates';
import { advisoriesQuery } from '../advisories/api';
import { destinationsQuery } from '../destinations/api';
import { emergencyContactsQuery, type EmergencyContactsResult } from '../emergency/api';
import { useAllItems } from './api';
import { formatCentsUsd, matchCountry, totalsByType, totalsOf, tripDays } from './overview';

/** The Overview needs the numbers only, not when or how they were fetched. */
const contactsOnly = (result: EmergencyContactsResult) => result.contacts;

const linkClass =
  'inline-flex min-h-6 items-center font-semibold text-brand-800 underline underline-offset-4';

/** The Overview tab: the trip's days, what is planned and booked, and safety at the destination. */
export function OverviewTab({ trip }: { trip: Trip }) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-8">
      <h3 id={`${id}-heading`} className="text-xl font-bold text-slate-900">
        Overview
      </h3>
      <TripSummary trip={trip} />
      <Safety destination={trip.destination} />
    </section>
  );
}

const daysText = (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`;

function TripSummary({ trip }: { trip: Trip }) {
  const id = useId();
  const items = useAllItems(trip.id);

  let days: ReactNode;
  let totals: ReactNode;
  if (items.isPending) {
    days = <Skeleton className="h-5 w-24" />;
    totals = (
      <div aria-hidden="true" className="grid gap-2">
        <Skeleton className="h-40 w-full max-w-xl" />
        <Skeleton className="h-5 w-64" />
      </div>
    );
  } else if (items.isError) {
    days = 'Not known while the items are not loaded';
    totals = <QueryError query={items} title="The trip’s items could not be loaded" />;
  } else {
    const count = tripDays(trip, items.data);
    days =
      count.kind === 'dates'
        ? daysText(count.days)
        : count.days === 0
          ? 'The trip’s dates are not set, and nothing is planned yet'
          : `The trip’s dates are not set; something is planned on ${daysText(count.days)}`;
    const all = totalsOf(items.data);
    totals = (
      <>
        <table className="w-full max-w-xl border-collapse text-left text-slate-900">
          <caption className="mb-2 text-left text-slate-800">
            The trip’s items by type, with their prices in US dollars.
          </caption>
          <thead>
            <tr className="border-b-2 border-slate-400">
              <th scope="col" className="py-2 pr-3">
                Type
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Items
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Booked
              </th>
              <th scope="col" className="py-2 pl-3 text-right">
                Total price
              </th>
            </tr>
          </thead>
          <tbody>
            {totalsByType(items.data).map(({ itemType, totals: row }) => (
              <tr key={itemType} className="border-b border-slate-300">
                <th scope="row" className="py-2 pr-3 font-semibold">
                  {ITEM_TYPE_PLURALS[itemType]}
                </th>
                <td className="px-3 py-2 text-right tabular-nums">{row.items}</td>
                <td className="px-3 py-2 text-right tabular-nums">{row.booked}</td>
                <td className="py-2 pl-3 text-right tabular-nums">
                  {formatCentsUsd(row.plannedCents)}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="font-bold">
              <th scope="row" className="py-2 pr-3">
                All items
              </th>
              <td className="px-3 py-2 text-right tabular-nums">{all.items}</td>
              <td className="px-3 py-2 text-right tabular-nums">{all.booked}</td>
              <td className="py-2 pl-3 text-right tabular-nums">
                {formatCentsUsd(all.plannedCents)}
              </td>
            </tr>
          </tfoot>
        </table>
        <p className="mt-3 text-slate-900">
          <strong>
            {formatCentsUsd(all.bookedCents)} booked of {formatCentsUsd(all.plannedCents)} planned
          </strong>
          ; {all.booked} of {all.items} {all.items === 1 ? 'item' : 'items'} booked.
        </p>
      </>
    );
  }

  return (
    <section aria-labelledby={`${id}-heading`} aria-busy={items.isPending}>
      <h4 id={`${id}-heading`} className="sr-only">
        Trip summary
      </h4>
      <p role="status" className="sr-only">
        {items.isPending ? 'Loading the trip’s items' : ''}
      </p>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-slate-900">
        <dt className="font-semibold">Destination</dt>
        <dd className="break-words">{trip.destination}</dd>
        <dt className="font-semibold">Dates</dt>
        <dd>{formatTripDates(trip) ?? 'Not set yet'}</dd>
        <dt className="font-semibold">Days</dt>
        <dd>{days}</dd>
      </dl>
      <h4 className="mt-6 mb-2 text-lg font-bold text-slate-900">Planned and booked</h4>
      {totals}
    </section>
  );
}

/** The advisory level of the destination's country and its emergency numbers. */
function Safety({ destination }: { destination: string }) {
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
