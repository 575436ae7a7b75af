import { CalendarArrowDown, CalendarSync, Printer, Share2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { createPortal } from 'react-dom';
import type { Trip } from '../../../contracts/planner';
import { Button } from '../../components/ui/button';
import { useNeedsConnection } from '../../components/ui/needs-connection';
import { PENDING_CLASS } from '../../components/ui/pending';
import { errorMessage } from '../../lib/api';
import { ItineraryDocument } from '../planner-share/SharedItinerary';
import { calendarFileUrl, useAllItems } from './api';
import { ShareTripDialog } from './dialogs';
import { SubscribeDialog } from './SubscribeDialog';

/**
 * While the printable itinerary is on the page, printing shows it alone: the app's root (the
 * planner, the site's header and footer) is left off the paper. On screen nothing changes.
 */
const PRINT_ONLY_ITINERARY = '@media print { body > #root { display: none !important; } }';

/** Under the chosen trip's header: calendar export, printing and Share Itinerary. */
export function TripActions({ trip }: { trip: Trip }) {
  const id = useId();
  const items = useAllItems(trip.id);
  const [subscribeOpen, setSubscribeOpen] = useState(false);
  // The calendar file and the links are made by the server; printing works offline.
  const network = useNeedsConnection();
  const [shareOpen, setShareOpen] = useState(false);
  const [printRequest, setPrintRequest] = useState(0);
  const printReady = items.isSuccess;

  // Runs once the itinerary is in the page, so the print dialog sees it. Some browsers do not
  // block in print() and say when they are done with `afterprint`; the itinerary goes then.
  useEffect(() => {
    if (printRequest === 0) return;
    const done = () => setPrintRequest(0);
    window.addEventListener('afterprint', done, { once: true });
    window.print();
    return () => window.removeEventListener('afterprint', done);
  }, [printRequest]);

  let printHint: string | null = null;
  if (items.isPending) printHint = 'Getting the trip ready to print…';
  else if (items.isError) {
    printHint = `The itinerary cannot be printed: ${errorMessage(items.error, 'the trip’s items could not be loaded.')}`;
  }

  return (
    <div className="print:hidden">
      <div role="group" aria-label="Export and share" className="flex flex-wrap gap-2">
        <Button asChild variant="secondary">
          <a href={calendarFileUrl(trip.id)} download {...network.button()}>
            <CalendarArrowDown aria-hidden="true" className="size-5" />
            Download calendar (.ics)
          </a>
        </Button>
        <Button variant="secondary" onClick={() => setSubscribeOpen(true)} {...network.button()}>
          <CalendarSync aria-hidden="true" className="size-5" />
          Subscribe in calendar app
        </Button>
        <Button
          variant="secondary"
          className={PENDING_CLASS}
          aria-disabled={!printReady || undefined}
          aria-describedby={printHint ? `${id}-print-hint` : undefined}
          onClick={() => {
            if (printReady) setPrintRequest((request) => request + 1);
          }}
        >
          <Printer aria-hidden="true" className="size-5" />
          Print itinerary
        </Button>
        <Button variant="secondary" onClick={() => setShareOpen(true)} {...network.button()}>
          <Share2 aria-hidden="true" className="size-5" />
          Share Itinerary
        </Button>
      </div>
      {network.note}
      {printHint ? (
        <p id={`${id}-print-hint`} className="mt-2 text-sm text-slate-800">
          {printHint}{' '}
          {items.isError ? (
            <Button
              size="sm"
              variant="secondary"
              className={PENDING_CLASS}
              aria-disabled={items.isFetching || undefined}
              onClick={() => {
                if (!items.isFetching) void items.refetch();
              }}
            >
              {items.isFetching ? 'Trying again…' : 'Try again'}
            </Button>
          ) : null}
        </p>
      ) : null}

      {printRequest > 0 && items.data
        ? createPortal(
            <div className="hidden p-4 print:block">
              <style>{PRINT_ONLY_ITINERARY}</style>
              <ItineraryDocument trip={trip} items={items.data} />
            </div>,
            document.body,
          )
        : null}

      <SubscribeDialog trip={trip} open={subscribeOpen} onOpenChange={setSubscribeOpen} />
      <ShareTripDialog trip={trip} open={shareOpen} onOpenChange={setShareOpen} />
    </div>
  );
}
