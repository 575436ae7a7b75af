import { useEffect } from 'react';
import { useLocation } from 'react-router';
import type { Destination } from '../../contracts/destinations';
import { toast } from '../components/ui/use-toast';
import { AdvisoriesSection, AdvisoryBanner } from '../features/advisories';
import { cart, cartItemFromDestination } from '../features/cart';
import { ChatLauncher } from '../features/chat';
import { DestinationsGrid } from '../features/destinations';
import { AccessibilitySupportSection, HeroSection, TeamSection } from '../features/landing';
import { SearchPanel } from '../features/search';

function addDestinationToCart(destination: Destination) {
  cart.add(cartItemFromDestination(destination));
  toast({ title: 'Added to cart', description: destination.name });
}

/** The page's sections, in order; the menus link to them as /#id. */
const SECTION_IDS = new Set(['search', 'destinations', 'advisories', 'accessibility', 'team']);

/** Links like /#advisories (from the menus, on any page) land on their section. */
function useScrollToHash() {
  const { hash, key } = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    const target = SECTION_IDS.has(id) ? document.getElementById(id) : null;
    if (!target) return;
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    target.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'start' });
    // Move keyboard and screen-reader focus there too, not only the view.
    const heading = target.querySelector<HTMLElement>('h2');
    if (heading) {
      heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
    }
  }, [hash, key]);
}

export default function HomePage() {
  useScrollToHash();
  return (
    <>
      <title>Accessible Journeys - travel planning for everyone</title>
      <AdvisoryBanner />
      <HeroSection />
      <section id="search" aria-labelledby="search-heading">
        <div className="mx-auto max-w-7xl px-4 py-12">
          <h2 id="search-heading" className="text-3xl font-bold">
            Plan your escape
          </h2>
          <p className="mt-2 mb-6 max-w-3xl text-slate-700">
            Tell us where and when, and tick the support you need: results list only places whose
            operators document that support.
          </p>
          <SearchPanel onAddToCart={addDestinationToCart} />
        </div>
      </section>
      <section id="destinations" aria-labelledby="destinations-heading">
        <div className="mx-auto max-w-7xl px-4 py-12">
          <h2 id="destinations-heading" className="text-3xl font-bold">
            Featured Destinations
          </h2>
          <p className="mt-2 mb-8 max-w-3xl text-slate-700">
            Each destination lists the accessibility features its operator documents, and the travel
            advisory level of its country.
          </p>
          <DestinationsGrid onAddToCart={addDestinationToCart} />
        </div>
      </section>
      <AdvisoriesSection />
      <AccessibilitySupportSection />
      <TeamSection />
      <ChatLauncher />
    </>
  );
}
