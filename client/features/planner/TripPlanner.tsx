import { Plus } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Trip } from '../../../contracts/planner';
import { Button } from '../../components/ui/button';
import { useNeedsConnection } from '../../components/ui/needs-connection';
import { QueryError } from '../../components/ui/query-error';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/use-toast';
import { useChatTrip } from '../chat/chat-context';
import { useTrips } from './api';
import { TripDialog } from './dialogs';
import { NoTrips } from './NoTrips';
import { SelectedTrip } from './SelectedTrip';
import { TripList } from './TripList';

/**
 * Spec §2, the Flight Plan page: the visitor's trips (the first chosen automatically), and for the
 * chosen trip the tabs Trip Planner (month calendar and the chosen day's plan), Flights, Hotels,
 * Cars, Activities and Overview. The chosen trip is kept in the address (`?trip=`), so a reload or
 * a shared bookmark opens the same trip.
 */
export function TripPlanner() {
  const trips = useTrips();
  // The first answer (a trip's calendar, tabs and day: hundreds of elements) is rendered in the
  // background, in slices, while the placeholders stay; later answers render at once.
  const arriving = useDeferredValue(trips.data) === undefined && trips.data !== undefined;
  const [params, setParams] = useSearchParams();
  const [newTripOpen, setNewTripOpen] = useState(false);
  // A new trip is made by the server; changes to a trip are kept offline (change-queue.ts).
  const network = useNeedsConnection();
  /**
   * Where focus goes once the next render is on screen: creating or deleting a trip takes the
   * focused control away. Moved in an effect, after any closing dialog has let go of focus.
   */
  const [focusTarget, setFocusTarget] = useState<'trip' | 'new-trip' | null>(null);

  const list = trips.data ?? [];
  const wanted = params.get('trip');
  const selected = list.find((trip) => trip.id === wanted) ?? list[0] ?? null;
  // The chat, opened on this page, asks about the selected trip.
  useChatTrip(selected);

  function select(trip: Trip | null, focus = false) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (trip) next.set('trip', trip.id);
        else next.delete('trip');
        return next;
      },
      { replace: true },
    );
    if (focus) setFocusTarget(trip ? 'trip' : 'new-trip');
  }

  let body;
  if (trips.isPending || arriving) {
    body = (
      <div aria-hidden="true" className="grid gap-4 lg:grid-cols-[18rem_1fr]">
        <div className="grid content-start gap-3">
          <Skeleton className="h-28 w-full" />
          <Skeleton className="h-28 w-full" />
        </div>
        <Skeleton className="h-96 w-full" />
      </div>
    );
  } else if (trips.isError) {
    body = (
      <QueryError
        query={trips}
        title="Your trips could not be loaded"
        heading="h2"
        className="max-w-2xl"
      />
    );
  } else if (list.length === 0) {
    body = (
      <NoTrips
        focus={focusTarget === 'new-trip'}
        onFocused={() => setFocusTarget(null)}
        onNewTrip={() => setNewTripOpen(true)}
      />
    );
  } else {
    body = (
      <div className="grid gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
        <section aria-labelledby="trips-heading" className="grid content-start gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="trips-heading" className="text-xl font-bold text-slate-900">
              Your trips
            </h2>
            <Button size="sm" onClick={() => setNewTripOpen(true)} {...network.button()}>
              <Plus aria-hidden="true" className="size-4" />
              New Trip
            </Button>
          </div>
          {network.note}
          <TripList trips={list} selectedId={selected?.id ?? null} onSelect={(t) => select(t)} />
        </section>
        {selected ? (
          <SelectedTrip
            key={selected.id}
            trip={selected}
            focusHeading={focusTarget === 'trip'}
            onHeadingFocused={() => setFocusTarget(null)}
            onDeleted={(title) => {
              const next = list.find((trip) => trip.id !== selected.id) ?? null;
              // The trip's own controls are gone: focus goes to the next trip, or to New Trip.
              select(next, true);
              toast({ title: 'Trip deleted', description: `${title} and its plans were deleted.` });
            }}
          />
        ) : null}
      </div>
    );
  }

  return (
    <div aria-busy={trips.isPending || arriving}>
      <p role="status" className="sr-only">
        {trips.isPending ? 'Loading your trips' : ''}
      </p>
      {body}
      <TripDialog
        open={newTripOpen}
        onOpenChange={setNewTripOpen}
        onSaved={(trip) => {
          select(trip, true);
          toast({ title: 'Trip created', description: `${trip.title} is ready to plan.` });
        }}
      />
    </div>
  );
}
