import type { ComponentProps, ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';
import { formatLongDate } from '../../lib/dates';
import { CONTACT_EMAIL, contactMailto } from '../../lib/site-contact';
import { OnThisPage } from './OnThisPage';
import { PageShell } from './PageShell';

/*
 * A page of text to read (the privacy policy, the terms, the accessibility statement, the contact
 * page): its h1 and lead, the day it last changed, a list of its sections, then the sections, each
 * under an h2 with an id that other pages can link to. The text column has a maximum width for
 * readable lines and no fixed width, so it reflows at 320 px and at 200% text size.
 */

export interface TextSection {
  /** The section's id: the address of it is `page#id`. */
  id: string;
  title: string;
  content: ReactNode;
}

export function TextPage({
  title,
  lead,
  updated,
  intro,
  sections,
}: {
  title: string;
  lead: ReactNode;
  /** The day the page last changed, YYYY-MM-DD; the reader sees it in words ("26 November 2026"). */
  updated: string;
  /** What must be read before the sections (a notice), shown above the list of sections. */
  intro?: ReactNode;
  sections: readonly TextSection[];
}) {
  return (
    <PageShell title={title} lead={lead}>
      <div className="max-w-3xl">
        <p className="text-slate-700">
          Last updated: <time dateTime={updated}>{formatLongDate(updated)}</time>
        </p>
        {intro ? <div className="mt-6">{intro}</div> : null}
        <OnThisPage parts={sections} className="mt-8" />
        {sections.map((section) => (
          <section key={section.id} id={section.id} className="mt-10">
            <h2 className="text-2xl font-bold text-slate-900 sm:text-3xl">{section.title}</h2>
            <div className="mt-3 grid gap-3 text-lg text-slate-800">{section.content}</div>
          </section>
        ))}
      </div>
    </PageShell>
  );
}

/** A sub-heading inside a section. */
export function TextSubheading({ children }: { children: ReactNode }) {
  return <h3 className="mt-3 text-xl font-bold text-slate-900">{children}</h3>;
}

/** A bulleted list of the text (a screen reader announces it as a list, with its length). */
export function TextList({ children }: { children: ReactNode }) {
  return <ul className="grid list-disc gap-2 pl-6">{children}</ul>;
}

const INLINE_LINK_CLASS =
  'font-semibold text-brand-800 underline underline-offset-4 hover:decoration-2';

/** A link to a page of the site, inside a sentence: its words say where it goes. */
export function TextLink(props: Omit<ComponentProps<typeof Link>, 'className'>) {
  return <Link {...props} className={INLINE_LINK_CLASS} />;
}

/**
 * The team's e-mail address as a link that opens the reader's mail app, with a subject line when
 * given. A long address breaks anywhere rather than push the page sideways on a narrow screen.
 */
export function MailLink({ subject, children }: { subject?: string; children?: ReactNode }) {
  return (
    <a href={contactMailto(subject)} className={cn(INLINE_LINK_CLASS, 'wrap-anywhere')}>
      {children ?? CONTACT_EMAIL}
    </a>
  );
}

/** A boxed notice that stands out from the text (not an emergency service, say). */
export function TextNotice({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <div className="flex gap-3 rounded-lg border-2 border-red-700 bg-red-50 p-4 text-lg text-red-950">
      {icon}
      <div className="grid gap-2">{children}</div>
    </div>
  );
}
