import { useDeferredValue, useEffect, useRef } from 'react';
import type { Destination } from '../../../contracts/destinations';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { useDestinations, usePopulateDestinations } from './api';
import { DestinationCard } from './DestinationCard';

/** Spec §9: three placeholders while loading. */
const LOADING_PLACEHOLDERS = 3;

const GRID = 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3';

function LoadingCards() {
  return (
    <div className={GRID}>
      {Array.from({ length: LOADING_PLACEHOLDERS }, (_, i) => (
        <div key={i} className="overflow-hidden rounded-lg border border-slate-200">
          <Skeleton rounded={false} className="aspect-video" />
          <div className="grid gap-3 p-4">
            <Skeleton className="h-6 w-2/3" />
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-12 w-full" />
          </div>
        </div>
      ))}
    </div>
  );
}

export function DestinationsGrid({
  onAddToCart,
}: {
  onAddToCart?: (destination: Destination) => void;
}) {
  const destinations = useDestinations();
  // The cards are rendered in the background, in slices that leave the page responsive, while the
  // placeholders stay: the answer arrives as an urgent update, which would render twenty cards in
  // one go.
  const shown = useDeferredValue(destinations.data);
  const loading = destinations.isPending || shown !== destinations.data;
  const populate = usePopulateDestinations();
  const populateRequested = useRef(false);

  // Spec §4: an empty list (without error) asks the server to add the curated catalogue, once.
  const isEmpty = destinations.data?.length === 0;
  useEffect(() => {
    if (isEmpty && !populateRequested.current) {
      populateRequested.current = true;
      populate.mutate();
    }
  }, [isEmpty, populate]);

  let content;
  if (loading) {
    content = <LoadingCards />;
  } else if (destinations.isError) {
    content = (
      <div className="flex flex-col items-start gap-3 rounded-lg border border-red-300 bg-red-50 p-4">
        <p className="text-red-900">Unable to load destinations at the moment.</p>
        <Button variant="secondary" onClick={() => void destinations.refetch()}>
          Try Again
        </Button>
      </div>
    );
  } else if (shown === undefined || shown.length === 0) {
    content = (
      <p className="rounded-lg border border-slate-300 bg-slate-50 p-4 text-slate-800">
        Our team is curating authentic, accessibility-checked destinations. They will appear here
        shortly.
      </p>
    );
  } else {
    content = (
      <ul className={GRID}>
        {shown.map((destination) => (
          <li key={destination.id} className="flex">
            <DestinationCard destination={destination} onAddToCart={onAddToCart} />
          </li>
        ))}
      </ul>
    );
  }

  const status = loading
    ? 'Loading destinations…'
    : destinations.isError
      ? 'Unable to load destinations at the moment.'
      : shown === undefined || shown.length === 0
        ? 'Destinations are being curated.'
        : `${shown.length} destinations loaded.`;

  return (
    <>
      <div aria-busy={loading}>{content}</div>
      <p role="status" className="sr-only">
        {status}
      </p>
    </>
  );
}
