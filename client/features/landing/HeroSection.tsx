import { JoinBetaButton } from './JoinBetaButton';

export interface HeroSectionProps {
  /** Opens the beta sign-up wizard; while undefined, the button says sign-up opens soon. */
  onJoinBeta?: () => void;
}

/** The landing page's hero: the page's h1, what the site does, and the beta call to action. */
export function HeroSection({ onJoinBeta }: HeroSectionProps) {
  return (
    <section aria-labelledby="hero-heading" className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:py-20">
        <h1
          id="hero-heading"
          className="max-w-3xl text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl"
        >
          Travel planning where no one gets left behind
        </h1>
        <p className="mt-4 max-w-2xl text-lg text-slate-800">
          Destinations whose accessibility features are documented by the places themselves, with
          the travel advisory level of each country: for travellers with mobility, visual, hearing
          and neurodiversity needs, and for veterans.
        </p>
        <JoinBetaButton
          label="Join Beta Testing"
          onJoinBeta={onJoinBeta}
          tagline="No purchase required · 30-60 second sign-up"
          className="mt-8"
        />
      </div>
    </section>
  );
}
