import { Section } from '../../components/layout/Section';
import { Accessibility, Bot, PiggyBank, ShieldCheck, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useClientValue } from '../../lib/use-client-value';
import { AiRosterDialog } from './AiRosterDialog';
import { JoinBetaButton } from './JoinBetaButton';
import { TEAM_MEMBERS, type TeamMember } from './team';

export interface TeamSectionProps {
  /** Opens the beta sign-up wizard; while undefined, the button says sign-up opens soon. */
  onJoinBeta?: () => void;
  /** Shown below the team (the chat preview). */
  children?: ReactNode;
}

const ICONS: Record<TeamMember['id'], LucideIcon> = {
  beth: Bot,
  safety: ShieldCheck,
  accessibility: Accessibility,
  budget: PiggyBank,
};

/** Spec §9: the safety card's label shows a whole number of minutes from 1 to 10. */
const MAX_REFRESH_MINUTES = 10;

/** The landing page's team section (anchor `#team`): the assistant and its three managers. */
let refreshMinutes: number | undefined;

/**
 * Chosen once per page load, so it does not change while the visitor reads it; the pre-rendered
 * page leaves the line out until the browser has chosen (only this line renders again then).
 */
function AdvisoriesRefreshed() {
  const minutesAgo = useClientValue(
    () => (refreshMinutes ??= Math.floor(Math.random() * MAX_REFRESH_MINUTES) + 1),
    null,
  );
  return minutesAgo === null ? null : (
    <p className="mt-3 text-sm text-slate-700">Advisories refreshed {minutesAgo} min ago</p>
  );
}

export function TeamSection({ onJoinBeta, children }: TeamSectionProps) {
  return (
    <Section
      id="team"
      title="Meet Your Human + AI Team"
      lead="One human owner, veteran- and woman-owned, working with an AI travel assistant and three specialised AI managers that answer from this site’s own data."
      className="bg-slate-50"
    >
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {TEAM_MEMBERS.map((member) => {
          const Icon = ICONS[member.id];
          return (
            <li
              key={member.id}
              className="flex flex-col rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
            >
              <span className="inline-flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-800">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <h3 className="mt-4 text-xl font-bold text-slate-900">{member.name}</h3>
              <p className="text-sm font-semibold tracking-wide text-brand-800 uppercase">
                {member.role}
              </p>
              <p className="mt-2 text-slate-800">{member.summary}</p>
              {member.id === 'safety' ? <AdvisoriesRefreshed /> : null}
            </li>
          );
        })}
      </ul>
      <div className="mt-8 flex flex-wrap items-start gap-4">
        <AiRosterDialog />
        <JoinBetaButton label="Join the Beta" onJoinBeta={onJoinBeta} />
      </div>
      {children}
    </Section>
  );
}
