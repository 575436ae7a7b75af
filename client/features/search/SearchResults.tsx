import type { Destination } from '../../../contracts/destinations';
import type { SearchResponse } from '../../../contracts/search';
import { DestinationCard } from '../destinations';

export interface SearchOutcome {
  /** "Search results", "Hotels Only results", ... */
  title: string;
  /** `refused`: the form's check refused the fields, so nothing was sent (earlier results go). */
  status: 'pending' | 'error' | 'success' | 'refused';
  data?: SearchResponse;
  error?: string;
}

/** Why a refused search shows no results: the earlier ones are not this search's answer. */
const REFUSED =
  'Correct the dates in the form, then search again. The earlier results were cleared: they do not answer this search.';

/**
 * The answer of a search or a shortcut under the form. The region is a live status, so a screen
 * reader hears "Searching..." and then the count, without moving focus.
 */
export function SearchResults({
  outcome,
  onAddToCart,
}: {
  outcome: SearchOutcome | null;
  onAddToCart: (destination: Destination) => void;
}) {
  let announcement = '';
  if (outcome?.status === 'pending') announcement = 'Searching...';
  else if (outcome?.status === 'refused') announcement = `Not searched. ${REFUSED}`;
  else if (outcome?.status === 'error') announcement = `Search failed. ${outcome.error ?? ''}`;
  else if (outcome?.data) {
    const { count } = outcome.data;
    announcement =
      count === 0
        ? 'No destinations match your search.'
        : `${count} ${count === 1 ? 'destination' : 'destinations'} found.`;
  }

  return (
    <div className="mt-8" aria-busy={outcome?.status === 'pending'}>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {outcome ? (
        <section aria-labelledby="search-results-heading">
          <h3 id="search-results-heading" className="text-2xl font-bold">
            {outcome.title}
          </h3>
          {outcome.status === 'pending' ? (
            <p className="mt-2 text-slate-800">Searching...</p>
          ) : outcome.status === 'refused' ? (
            <p className="mt-3 rounded-lg border border-amber-400 bg-amber-50 p-4 text-slate-900">
              <strong>Not searched.</strong> {REFUSED}
            </p>
          ) : outcome.status === 'error' ? (
            <p className="mt-3 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
              The search did not go through: {outcome.error} Please try again.
            </p>
          ) : outcome.data ? (
            <Found data={outcome.data} onAddToCart={onAddToCart} />
          ) : null}
        </section>
      ) : null}
    </div>
  );
}

function Found({
  data,
  onAddToCart,
}: {
  data: SearchResponse;
  onAddToCart: (destination: Destination) => void;
}) {
  const nights =
    data.nights === null ? '' : ` · ${data.nights} ${data.nights === 1 ? 'night' : 'nights'}`;
  return (
    <>
      <p className="mt-1 text-lg font-semibold text-slate-900" data-testid="search-count">
        {data.count} {data.count === 1 ? 'destination' : 'destinations'} found
        <span className="font-normal text-slate-700">{nights}</span>
      </p>
      <p className="text-slate-700">{data.summary}</p>
      {data.count === 0 ? (
        <p className="mt-4 rounded-lg border border-slate-300 bg-slate-50 p-4 text-slate-800">
          No destinations match your search. Try another place, fewer words, or fewer support needs:
          every destination lists only the features its operator documents.
        </p>
      ) : (
        <ul className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {data.results.map((destination) => (
            <li key={destination.id} className="flex">
              <DestinationCard
                destination={destination}
                onAddToCart={onAddToCart}
                headingLevel="h4"
              />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
