import { AlertTriangle, X } from 'lucide-react';
import { SERIOUS_ADVISORY_LEVEL } from '../../../contracts/advisory-levels';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { toast } from '../../components/ui/use-toast';
import { useAdvisories } from './api';
import { AdvisoryList } from './AdvisoryList';
import { useBannerVisibility } from './banner-visibility';
import { formatWeekdayTime } from '../../lib/dates';

/** After the banner goes, focus goes to the page's heading rather than being lost. */
function focusPageHeading() {
  const heading = document.querySelector<HTMLElement>('main h1');
  if (!heading) return;
  heading.tabIndex = -1;
  heading.focus({ preventScroll: true });
}

/**
 * Spec §2 and §4: the pink Travel Advisory Alert. N is the highest level in the list, M the number
 * of advisories at level 3 or higher; nothing shows for an empty list (or while it loads).
 * While the list loads, the banner's space is kept, invisible (and out of the accessibility tree),
 * so the page below does not jump down when it appears (Lighthouse CLS).
 */
export function AdvisoryBanner() {
  const advisories = useAdvisories();
  const visibility = useBannerVisibility();
  const list = advisories.data ?? [];
  const loading = advisories.isPending;
  if (visibility.hidden || (!loading && list.length === 0)) return null;

  // While loading: figures of the usual width, never seen.
  const highest = loading ? 4 : Math.max(...list.map((a) => a.level));
  const serious = list.filter((a) => a.level >= SERIOUS_ADVISORY_LEVEL);
  const count = loading ? 10 : serious.length;

  return (
    <section
      aria-labelledby="advisory-banner-title"
      className={`border-b border-pink-300 bg-pink-100 text-pink-950${loading ? ' invisible' : ''}`}
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
        <AlertTriangle aria-hidden="true" className="size-6 shrink-0 text-pink-900" />
        {/* A width of its own before it shares the line: with none (flex-1's basis is 0) the buttons
          kept their line beside it on a phone and squeezed the text to a letter a line. */}
        <div className="min-w-0 flex-[1_1_12rem]">
          <h2 id="advisory-banner-title" className="font-bold">
            Travel Advisory Alert
          </h2>
          <p>
            Beth, our AI travel assistant, detected Level {highest} advisories for {count}{' '}
            {count === 1 ? 'destination' : 'destinations'}.
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Dialog>
            <DialogTrigger asChild>
              <Button variant="secondary" size="smTall">
                View Details
              </Button>
            </DialogTrigger>
            <DialogContent
              title="Travel advisories"
              description={`${count} ${count === 1 ? 'country is' : 'countries are'} at Level ${SERIOUS_ADVISORY_LEVEL} (Reconsider Travel) or higher. Levels come from the US State Department; check the official advisory before you travel.`}
              size="2xl"
            >
              {/* The server lists them most serious first. */}
              <AdvisoryList advisories={list} />
            </DialogContent>
          </Dialog>
          <Button
            variant="secondary"
            size="smTall"
            onClick={() => {
              const until = visibility.hideFor24h();
              focusPageHeading();
              toast({
                title: 'Advisory alert hidden for 24 hours',
                description: `It comes back on ${formatWeekdayTime(until)}. The advisories stay in the Travel Advisories section.`,
              });
            }}
          >
            Hide for 24h
          </Button>
          <Button
            variant="ghostOnPink"
            size="icon"
            aria-label="Dismiss the advisory alert for this session"
            onClick={() => {
              visibility.dismissForSession();
              focusPageHeading();
            }}
          >
            <X aria-hidden="true" className="size-5" />
          </Button>
        </div>
      </div>
    </section>
  );
}
