import { useState } from 'react';
import type { Trip, TripShare } from '../../../contracts/planner';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { ActiveTripLinks } from './ActiveTripLinks';
import { useCreateTripShare } from './api';
import { ShareTripForm } from './ShareTripForm';

/**
 * Share Itinerary: a read-only link to the trip (optionally expiring, prices optionally hidden),
 * e-mailed when an address is given; and the trip's live links, each revocable.
 */
export function ShareTripDialog({
  trip,
  open,
  onOpenChange,
}: {
  trip: Trip;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const create = useCreateTripShare(trip.id);
  // Kept here, not in the form, so revoking the link just made takes it off the screen too.
  const [created, setCreated] = useState<TripShare | null>(null);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && create.isPending) return;
        if (!next) {
          // The link is shown once: closing the dialog puts it away.
          create.reset();
          setCreated(null);
        }
        onOpenChange(next);
      }}
    >
      <DialogContent
        title="Share Itinerary"
        description={`A read-only link to ${trip.title}: whoever has it sees the plan day by day, and cannot change anything.`}
      >
        <div className="grid gap-6">
          <ShareTripForm trip={trip} create={create} created={created} onCreated={setCreated} />
          <ActiveTripLinks
            trip={trip}
            onRevoked={(shareId) => {
              if (created?.id === shareId) setCreated(null);
            }}
          />
        </div>
      </DialogContent>
    </Dialog>
  );
}
