import { useEffect } from 'react';
import { useLocation } from 'react-router';
import type { Destination } from '../../contracts/destinations';
import { Section } from '../components/layout/Section';
import { toast } from '../components/ui/use-toast';
import { AdvisoriesSection, AdvisoryBanner } from '../features/advisories';
import { useBetaWizard } from '../features/beta';
import { cart, cartItemFromDestination } from '../features/cart';
import { ChatPreview, useOpenChat } from '../features/chat';
import { DestinationsGrid } from '../features/destinations';
import { AccessibilitySupportSection, HeroSection, TeamSection } from '../features/landing';
import { SearchPanel } from '../features/search';

function addDestinationToCart(destination: Destination) {
  if (cart.add(cartItemFromDestination(destination))) {
    toast({ title: 'Added to cart', description: destination.name });
  } else {
    toast({ title: 'Already in your cart', description: destination.name });
  }
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
  const openChat = useOpenChat();
  const beta = useBetaWizard();
  return (
    <>
      <title>Accessible Journeys - travel planning for everyone</title>
      <AdvisoryBanner />
      <HeroSection onJoinBeta={beta.openWizard} />
      <Section
        id="search"
        title="Plan your escape"
        lead="Tell us where and when, and tick the support you need: results list only places whose operators document that support."
      >
        <SearchPanel onAddToCart={addDestinationToCart} />
      </Section>
      <Section
        id="destinations"
        title="Featured Destinations"
        lead="Each destination lists the accessibility features its operator documents, and the travel advisory level of its country."
      >
        <DestinationsGrid onAddToCart={addDestinationToCart} />
      </Section>
      <AdvisoriesSection />
      <AccessibilitySupportSection />
      <TeamSection onJoinBeta={beta.openWizard}>
        <ChatPreview onOpenChat={openChat} />
      </TeamSection>
      {beta.wizard}
    </>
  );
}
