import { memo, type ReactNode } from 'react';
import type { EmergencyContact } from '../../../contracts/emergency';
import { formatCalendarDay } from '../../lib/dates';
import { telHref } from './format';

const SERVICES = [
  ['police', 'Police'],
  ['ambulance', 'Ambulance'],
  ['fire', 'Fire'],
] as const;

const NOT_KNOWN = 'not known';
const SMALL_CALL_LINK =
  'inline-flex min-h-11 items-center rounded-md border border-slate-400 px-3 font-bold text-slate-900 hover:bg-slate-100';

/**
 * One country of Important Contacts. Memoised, and kept to few elements: the page lists every
 * country, and a search re-renders the list, not each card.
 */
export const ContactCard = memo(function ContactCard({ contact }: { contact: EmergencyContact }) {
  const headingId = `contact-${contact.countryCode}`;
  const { country } = contact;
  return (
    <article
      aria-labelledby={headingId}
      className="flex h-full flex-col rounded-lg border border-slate-300 bg-white p-4"
    >
      <h3 id={headingId} className="text-xl font-bold text-slate-900">
        {country}
      </h3>
      <dl className="mt-2 space-y-3 text-slate-800">
        <Fact term="Emergency number">
          {contact.emergencyNumber ? (
            <a
              href={telHref(contact.emergencyNumber)}
              aria-label={`Call ${contact.emergencyNumber}, the emergency number in ${country}`}
              className="inline-flex min-h-12 min-w-24 items-center justify-center rounded-md bg-red-700 px-4 text-2xl font-bold text-white hover:bg-red-800 forced-colors:border-2 forced-colors:border-solid"
            >
              {contact.emergencyNumber}
            </a>
          ) : (
            NOT_KNOWN
          )}
        </Fact>
        {SERVICES.map(([key, label]) => {
          const number = contact[key];
          return number ? (
            <Fact key={key} term={label}>
              <a
                href={telHref(number)}
                aria-label={`Call ${number}, ${label.toLowerCase()} in ${country}`}
                className={SMALL_CALL_LINK}
              >
                {number}
              </a>
            </Fact>
          ) : null;
        })}
        <Fact term="Emergency Watch number">
          {contact.consularNumber ? (
            <>
              <a
                href={telHref(contact.consularNumber)}
                aria-label={`Call ${contact.consularNumber}, the Emergency Watch number for U.S. citizens in ${country}`}
                className={SMALL_CALL_LINK}
              >
                {contact.consularNumber}
              </a>{' '}
              The U.S. State Department’s line for U.S. citizens.
            </>
          ) : (
            'Not needed here: use the local number.'
          )}
        </Fact>
        <Fact term="Deaf or hard of hearing">{contact.deafAccess ?? NOT_KNOWN}</Fact>
        {contact.notes ? <Fact term="Good to know">{contact.notes}</Fact> : null}
      </dl>
      <p className="mt-auto pt-3 text-sm text-slate-700">
        <a href={contact.source} className="font-semibold text-brand-800 underline">
          Source: {new URL(contact.source).hostname}
        </a>
        , checked {formatCalendarDay(contact.checkedAt)}
        {contact.verified ? '.' : '; not yet verified against the source.'}
      </p>
    </article>
  );
});

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="font-semibold text-slate-900">{term}</dt>
      <dd className="mt-1">{children}</dd>
    </div>
  );
}
