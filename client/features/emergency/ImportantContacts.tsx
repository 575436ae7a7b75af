import { Search } from 'lucide-react';
import { useDeferredValue, useEffect, useId, useMemo, useState } from 'react';
import { Button } from '../../components/ui/button';
import { fieldClass, labelClass } from '../../components/ui/field';
import { Skeleton } from '../../components/ui/skeleton';
import { formatDateTime, prepareDateFormats } from '../../lib/dates';
import type { EmergencyContact } from '../../../contracts/emergency';
import { useEmergencyContacts } from './api';
import { ContactCard } from './ContactCard';
import { FALLBACK_CONTACTS } from '../../../contracts/emergency-fallback';
import { countries } from './format';
import { searchContacts, toSearchable } from './search';
import { useTripCountries } from './trip-countries';

const NONE: readonly EmergencyContact[] = [];
/**
 * The browser lays out and paints a card only near the screen (it keeps its size once seen, and
 * its text stays in the accessibility tree and in find-in-page): the list is a hundred cards.
 */
const OFF_SCREEN_SKIPPED = '[contain-intrinsic-block-size:auto_28rem] [content-visibility:auto]';
/**
 * Up to this many countries are shown at once; a longer list (every country) waits behind "Show
 * all", so the help lines and the safety kit below are a few Tab stops away, not a hundred cards.
 */
const SHOWN_AT_ONCE = 12;

/**
 * A ref for a long list hidden "until found": out of the Tab order and the page's length, yet the
 * browser's find-in-page still finds a country in it and opens it (`beforematch`).
 */
function hiddenUntilFound(hidden: boolean, onFound: () => void) {
  return (list: HTMLUListElement | null) => {
    if (!list) return;
    if (hidden) list.setAttribute('hidden', 'until-found');
    else list.removeAttribute('hidden');
    list.addEventListener('beforematch', onFound);
    return () => list.removeEventListener('beforematch', onFound);
  };
}

/**
 * The contacts to show: the server's, or the built-in fallback (spec §7) when the call fails or
 * returns nothing.
 */
export function useContactsOrFallback() {
  const query = useEmergencyContacts();
  const loaded = query.data?.contacts;
  const fallback = query.isError || (loaded !== undefined && loaded.length === 0);
  return { query, fallback, contacts: fallback ? FALLBACK_CONTACTS : (loaded ?? NONE) };
}

/** Spec §2 "Important Contacts": every country's numbers, found by typing its name or code. */
export function ImportantContacts() {
  const { query, fallback, contacts } = useContactsOrFallback();
  const [search, setSearch] = useState('');
  // Typing stays responsive while the list of cards catches up. The first list (every country's
  // card) is rendered the same way, in the background in slices, while the placeholders stay.
  const deferredSearch = useDeferredValue(search);
  const deferredContacts = useDeferredValue(contacts);
  const searchable = useMemo(() => toSearchable(deferredContacts), [deferredContacts]);
  const matches = useMemo(
    () => searchContacts(searchable, deferredSearch),
    [searchable, deferredSearch],
  );
  const searchId = useId();
  const hintId = useId();
  const listId = useId();
  const [showAll, setShowAll] = useState(false);
  const showEvery = useMemo(() => () => setShowAll(true), []);
  const searchingNow = deferredSearch.trim() !== '';
  const collapsed = !searchingNow && !showAll && matches.length > SHOWN_AT_ONCE;
  const listRef = useMemo(() => hiddenUntilFound(collapsed, showEvery), [collapsed, showEvery]);
  // Not searching: the countries of the visitor's trips come first, and stay shown when the rest
  // of the list waits behind Show all.
  const tripCountries = useTripCountries(deferredContacts);
  const onTrip = (contact: EmergencyContact) => tripCountries.has(contact.countryCode);
  const ordered = searchingNow
    ? matches
    : [...matches.filter(onTrip), ...matches.filter((contact) => !onTrip(contact))];
  const pinned = collapsed ? ordered.filter(onTrip) : [];
  const listed = collapsed ? ordered.filter((contact) => !onTrip(contact)) : ordered;
  useEffect(() => prepareDateFormats('longDate', 'dateTime'), []);

  if (query.isPending || deferredContacts !== contacts) {
    return (
      <div aria-busy="true" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Skeleton className="h-56" />
        <Skeleton className="h-56" />
        <Skeleton className="h-56" />
        <p role="status" className="sr-only">
          Loading emergency numbers…
        </p>
      </div>
    );
  }

  const searching = searchingNow;
  return (
    <div>
      {fallback ? (
        <div
          role="alert"
          className="mb-4 flex flex-col items-start gap-3 rounded-lg border border-amber-400 bg-amber-50 p-4 text-amber-950"
        >
          <p>
            The full list of countries could not be loaded. Here are the numbers for the United
            States, Canada and Mexico.
          </p>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : query.data?.offline ? (
        <p className="mb-4 rounded-lg border border-slate-400 bg-slate-100 p-3 font-semibold text-slate-900">
          You are offline: showing the numbers saved on {formatDateTime(query.data.refreshedAt)}.
        </p>
      ) : query.data ? (
        <p className="mb-4 text-slate-700">
          Contacts last refreshed {formatDateTime(query.data.refreshedAt)}.
        </p>
      ) : null}

      <div className="max-w-md">
        <label htmlFor={searchId} className={labelClass}>
          Search by country
        </label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-600"
          />
          <input
            id={searchId}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            aria-describedby={hintId}
            autoComplete="off"
            className={`${fieldClass} pl-10`}
          />
        </div>
        <p id={hintId} className="mt-1 text-sm text-slate-700">
          A name in any language, another name or the two-letter code: “po” or “pt” finds Portugal.
        </p>
      </div>
      <p role="status" className="mt-3 font-semibold text-slate-900">
        {searching
          ? `${countries(matches.length)} ${matches.length === 1 ? 'matches' : 'match'}`
          : collapsed
            ? `${countries(matches.length)}: search above, or show them all`
            : `${countries(matches.length)} listed`}
      </p>
      {pinned.length > 0 ? (
        <>
          <h3 className="mt-4 text-xl font-bold text-slate-900">Your trips’ countries</h3>
          <ContactList contacts={pinned} />
        </>
      ) : null}
      {collapsed || (showAll && !searching) ? (
        <Button
          variant="secondary"
          className="mt-3"
          aria-expanded={!collapsed}
          aria-controls={listId}
          onClick={() => setShowAll(collapsed)}
        >
          {collapsed ? `Show all ${countries(matches.length)}` : 'Hide the list of countries'}
        </Button>
      ) : null}

      {matches.length === 0 ? (
        <div className="mt-4 rounded-lg border border-slate-300 bg-white p-4">
          <p className="font-semibold text-slate-900">
            No country matches "{deferredSearch.trim()}".
          </p>
          <p className="mt-1 text-slate-700">
            Check the spelling, or try the country’s English name or its two-letter code. Wherever
            you are, 112 or 911 often reaches emergency services from a mobile phone.
          </p>
        </div>
      ) : (
        <ContactList contacts={listed} listRef={listRef} id={listId} />
      )}
    </div>
  );
}

/** Cards of countries; explicit columns, so a card skipped off screen does not size its column. */
function ContactList({
  contacts,
  listRef,
  id,
}: {
  contacts: readonly EmergencyContact[];
  listRef?: (list: HTMLUListElement | null) => void;
  id?: string;
}) {
  return (
    <ul ref={listRef} id={id} className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {contacts.map((contact) => (
        <li key={contact.countryCode} className={OFF_SCREEN_SKIPPED}>
          <ContactCard contact={contact} />
        </li>
      ))}
    </ul>
  );
}
