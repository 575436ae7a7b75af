import { ExternalLink, Mail, Share2 } from 'lucide-react';
import { Link } from 'react-router';
import { APP_ROUTES } from '../../contracts/routes';
import { useClientValue } from '../lib/use-client-value';

const SITE_NAME = 'Accessible Journeys';
const SHARE_TEXT = 'Accessible Journeys: travel planning where no one gets left behind.';

const FOOTER_LINKS = [
  { to: APP_ROUTES.emergencyInfo, label: 'Emergency Info' },
  { to: APP_ROUTES.flightPlan, label: 'Plan a trip' },
  { to: APP_ROUTES.mediaGallery, label: 'Media Gallery' },
  { to: APP_ROUTES.paymentDemo, label: 'Payment Demo' },
] as const;

/** The trust pages: what the site keeps, its rules, its accessibility, and how to reach us. */
const ABOUT_LINKS = [
  { to: APP_ROUTES.privacy, label: 'Privacy policy' },
  { to: APP_ROUTES.terms, label: 'Terms of use' },
  { to: APP_ROUTES.accessibility, label: 'Accessibility statement' },
  { to: APP_ROUTES.contact, label: 'Contact us' },
] as const;

interface ShareLink {
  label: string;
  href: string;
  /** Share pages open in a new tab; the e-mail link opens the visitor's mail app. */
  external: boolean;
}

/** The site has no social accounts yet: these are real share links for the site itself. */
function shareLinks(siteUrl: string): ShareLink[] {
  const url = encodeURIComponent(siteUrl);
  const text = encodeURIComponent(SHARE_TEXT);
  return [
    {
      label: 'Share on Facebook',
      href: `https://www.facebook.com/sharer/sharer.php?u=${url}`,
      external: true,
    },
    {
      label: 'Share on X',
      href: `https://twitter.com/intent/tweet?url=${url}&text=${text}`,
      external: true,
    },
    {
      label: 'Share on LinkedIn',
      href: `https://www.linkedin.com/sharing/share-offsite/?url=${url}`,
      external: true,
    },
    {
      label: 'Share by email',
      href: `mailto:?subject=${encodeURIComponent(SITE_NAME)}&body=${encodeURIComponent(`${SHARE_TEXT}\n${siteUrl}`)}`,
      external: false,
    },
  ];
}

const linkClass =
  'inline-flex min-h-11 items-center gap-2 rounded-md underline underline-offset-4 hover:text-brand-900 hover:decoration-2';

/** A list of the site's pages, in a navigation landmark named by its heading. */
function FooterNav({
  id,
  title,
  links,
}: {
  id: string;
  title: string;
  links: readonly { to: string; label: string }[];
}) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="text-lg font-bold">
        {title}
      </h2>
      <ul className="mt-2 grid">
        {links.map((link) => (
          <li key={link.to}>
            <Link className={linkClass} to={link.to}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The share links need the site's address, which a pre-rendered page cannot know: read after
 * hydration, in a component of its own so that only it renders again.
 */
function ShareSite() {
  const siteUrl = useClientValue(() => window.location.origin, '');
  if (!siteUrl) return null;
  return (
    <section aria-labelledby="footer-share-heading">
      <h2 id="footer-share-heading" className="text-lg font-bold">
        Share {SITE_NAME}
      </h2>
      <ul className="mt-2 grid">
        {shareLinks(siteUrl).map((link) => (
          <li key={link.label}>
            {link.external ? (
              <a className={linkClass} href={link.href} target="_blank" rel="noopener noreferrer">
                <Share2 aria-hidden="true" className="size-4 shrink-0" />
                {link.label}
                <span className="sr-only"> (opens in a new tab)</span>
                <ExternalLink aria-hidden="true" className="size-4 shrink-0" />
              </a>
            ) : (
              <a className={linkClass} href={link.href}>
                <Mail aria-hidden="true" className="size-4 shrink-0" />
                {link.label}
              </a>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function Footer() {
  return (
    // The bottom padding keeps the last line clear of the floating chat button, which from 640 to
    // 767 px (or a larger font's equivalent) is raised above the toasts (FloatingChatButton).
    <footer className="mt-16 border-t border-slate-200 bg-slate-50 pb-20 sm:pb-48 md:pb-20">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-8 text-slate-800 sm:grid-cols-2 lg:grid-cols-4">
        <div className="grid content-start gap-2">
          <p className="font-bold">{SITE_NAME}</p>
          <p>Veteran- and woman-owned travel planning, in preview.</p>
          <p>No travel is sold until our seller-of-travel registration is active.</p>
          <p>
            Payments on this site are a demonstration: no card is charged and no real payment is
            taken.
          </p>
        </div>
        <FooterNav id="footer-nav-heading" title="Explore" links={FOOTER_LINKS} />
        <FooterNav id="footer-about-heading" title="About this site" links={ABOUT_LINKS} />
        <ShareSite />
      </div>
    </footer>
  );
}
