import { APP_ROUTES } from '../../contracts/routes';

/**
 * The team's e-mail address, on the contact, privacy and accessibility pages. A placeholder on a
 * reserved domain (`.example`, RFC 2606) until the real mailbox exists: this is the one place it
 * is written, so replacing it here changes every page.
 */
export const CONTACT_EMAIL = 'team@journeys.example';

/** A mailto: address for the team, with a subject line that says what the message is about. */
export function contactMailto(subject?: string): string {
  return subject
    ? `mailto:${CONTACT_EMAIL}?subject=${encodeURIComponent(subject)}`
    : `mailto:${CONTACT_EMAIL}`;
}

/**
 * Sections of the trust pages that other parts of the site link to (the beta wizard's
 * agreements, the contact page): the section's id on its page, and the address of it.
 */
export const TRUST_SECTIONS = {
  privacyBetaSignups: { id: 'beta-sign-ups', route: APP_ROUTES.privacy },
  privacyRights: { id: 'your-rights', route: APP_ROUTES.privacy },
  termsBetaTesting: { id: 'beta-testing', route: APP_ROUTES.terms },
  reportBarrier: { id: 'report-a-barrier', route: APP_ROUTES.accessibility },
} as const;

export type TrustSection = keyof typeof TRUST_SECTIONS;

export function trustSectionPath(section: TrustSection): string {
  const { id, route } = TRUST_SECTIONS[section];
  return `${route}#${id}`;
}
