import { PhoneCall } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { OnThisPage } from '../components/layout/OnThisPage';
import { PageShell } from '../components/layout/PageShell';
import { saveForOffline } from '../lib/offline';
import {
  HelpfulResources,
  ImportantContacts,
  SafetyKitForm,
  SafetyTips,
  UsCitizensAbroad,
  VeteransHelp,
} from '../features/emergency';

function PageSection({
  id,
  title,
  lead,
  children,
}: {
  id: string;
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="mt-12">
      <h2 id={`${id}-heading`} className="text-2xl font-bold text-slate-900 sm:text-3xl">
        {title}
      </h2>
      {lead ? <p className="mt-2 max-w-3xl text-slate-700">{lead}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** The page's sections, in order, as the links at its top name them (their headings say the same). */
const PARTS = [
  { id: 'important-contacts', title: 'Important Contacts' },
  { id: 'veterans', title: 'For veterans' },
  { id: 'us-citizens-abroad', title: 'U.S. citizens abroad' },
  { id: 'safety-kit', title: 'Download Travel Safety Kit' },
  { id: 'safety-tips', title: 'Travel Safety Tips' },
  { id: 'helpful-resources', title: 'Helpful Resources' },
] as const;

export default function EmergencyInfoPage() {
  useEffect(() => {
    void saveForOffline();
  }, []);
  return (
    <PageShell
      title="Emergency Information"
      lead="Emergency numbers for every country on this site, help lines for veterans and U.S. citizens abroad, safety tips and official resources. This page keeps working offline once you have opened it."
    >
      <div className="flex max-w-3xl gap-3 rounded-lg border-2 border-red-700 bg-red-50 p-4 text-red-950">
        <PhoneCall aria-hidden="true" className="mt-1 size-6 shrink-0" />
        <p className="text-lg">
          <strong>In an emergency, call the local emergency number first</strong>: 112 across the
          European Union and in many other countries, 911 in the United States, Canada and Mexico.
          Then contact your embassy or consulate.
        </p>
      </div>
      <OnThisPage parts={PARTS} className="mt-6 max-w-3xl" />

      <PageSection
        id="important-contacts"
        title="Important Contacts"
        lead="The Emergency number reaches local services; the Emergency Watch number is the U.S. State Department’s line for U.S. citizens. Other nationalities: contact your own embassy."
      >
        <ImportantContacts />
      </PageSection>
      <PageSection id="veterans" title="For veterans">
        <VeteransHelp />
      </PageSection>
      <PageSection id="us-citizens-abroad" title="U.S. citizens abroad">
        <UsCitizensAbroad />
      </PageSection>
      <PageSection
        id="safety-kit"
        title="Download Travel Safety Kit"
        lead="A PDF to print or keep on your phone: the emergency numbers and advisory of each country, safety tips, and accessibility notes for each kind of need."
      >
        <SafetyKitForm />
      </PageSection>
      <PageSection id="safety-tips" title="Travel Safety Tips">
        <SafetyTips />
      </PageSection>
      <PageSection id="helpful-resources" title="Helpful Resources">
        <HelpfulResources />
      </PageSection>
    </PageShell>
  );
}
