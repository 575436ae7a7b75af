import { Section } from '../../components/layout/Section';
import { AccessibilityInfoCard, type AccessibilityInfoCardProps } from './AccessibilityInfoCard';

/** What this site does for each group of travellers: modest, true statements only. */
const SUPPORT_CARDS: readonly AccessibilityInfoCardProps[] = [
  {
    type: 'veterans',
    title: 'Veterans',
    features: [
      'Veteran-friendly destinations marked on each destination card',
      'Veteran discounts shown where the destination documents one',
      'Emergency numbers by country on the Emergency Info page',
      'The travel advisory level (1 to 4) of every destination’s country',
    ],
  },
  {
    type: 'mobility',
    title: 'Mobility',
    features: [
      'Step-free access, roll-in showers and accessible parking shown where documented',
      'Filter search by Mobility Support',
      'Wheelchair loan and accessible transport listed when a destination offers them',
      'Every page works by keyboard, with large touch targets',
    ],
  },
  {
    type: 'neurodiversity',
    title: 'Neurodiversity',
    features: [
      'Quiet spaces, sensory guides and low-sensory times shown where documented',
      'Filter search by Neurodiversity',
      'Plain, predictable pages with no autoplay or flashing',
      'Animations stop when your device asks for reduced motion',
    ],
  },
];

/** The landing page's "Accessibility Support" section (anchor `#accessibility`). */
export function AccessibilitySupportSection() {
  return (
    <Section
      id="accessibility"
      title="Accessibility Support"
      lead="We show what each destination documents about its access, and say so when something is not known. Here is what the site does for you today."
    >
      <ul className="grid gap-6 md:grid-cols-3">
        {SUPPORT_CARDS.map((card) => (
          <li key={card.type}>
            <AccessibilityInfoCard {...card} />
          </li>
        ))}
      </ul>
    </Section>
  );
}
