import { Plus } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '../../components/ui/button';
import { useNeedsConnection } from '../../components/ui/needs-connection';

/** The empty state; after the last trip is deleted its New Trip button takes the focus. */
export function NoTrips({
  focus,
  onFocused,
  onNewTrip,
}: {
  focus: boolean;
  onFocused: () => void;
  onNewTrip: () => void;
}) {
  const newTripRef = useRef<HTMLButtonElement>(null);
  const network = useNeedsConnection();
  useEffect(() => {
    if (!focus) return;
    newTripRef.current?.focus();
    onFocused();
  }, [focus, onFocused]);
  return (
    <div className="max-w-2xl rounded-lg border border-slate-300 bg-slate-50 p-6 text-slate-900">
      <h2 className="text-xl font-bold">No trips yet</h2>
      <p className="mt-2 text-slate-800">
        Create a trip plan, then add flights, hotels, cars and activities day by day.
      </p>
      <Button ref={newTripRef} onClick={onNewTrip} {...network.button({ className: 'mt-4' })}>
        <Plus aria-hidden="true" className="size-5" />
        New Trip
      </Button>
      {network.note}
    </div>
  );
}
