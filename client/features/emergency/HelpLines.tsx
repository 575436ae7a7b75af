import type { ReactNode } from 'react';
import type { HelpLines } from '../../../contracts/help-lines';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { useHelpLines } from './api';
import { formatCalendarDay } from '../../lib/dates';
import { telHref } from './format';

const CALL_LINK =
  'inline-flex min-h-11 items-center rounded-md bg-brand-700 px-4 text-lg font-bold text-white hover:bg-brand-800 forced-colors:border-2 forced-colors:border-solid';
const TEXT_LINK = 'font-semibold text-brand-800 underline';

/** Shows the help lines once loaded, with loading and error states of its own. */
function WithHelpLines({
  what,
  children,
}: {
  what: string;
  children: (lines: HelpLines) => ReactNode;
}) {
  const query = useHelpLines();
  if (query.isPending) {
    return (
      <div aria-busy="true">
        <Skeleton className="h-32" />
        <p role="status" className="sr-only">
          Loading {what}…
        </p>
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="flex flex-col items-start gap-3 rounded-lg border border-red-300 bg-red-50 p-4">
        <p className="text-red-900">Unable to load {what} at the moment.</p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return children(query.data);
}

function Checked({ source, checkedAt }: { source: string; checkedAt: string }) {
  return (
    <p className="mt-3 text-sm text-slate-700">
      <a href={source} className={TEXT_LINK}>
        Source: {new URL(source).hostname}
      </a>
      , checked {formatCalendarDay(checkedAt)}.
    </p>
  );
}

/** The Veterans Crisis Line: call, text, chat, and the way in from abroad. */
export function VeteransHelp() {
  return (
    <WithHelpLines what="the Veterans Crisis Line">
      {({ veteransCrisisLine: line, crisisLifeline: lifeline }) => (
        <div className="max-w-3xl">
          <p className="text-slate-800">
            The {line.name} is free and confidential, {line.availability}, for veterans, service
            members and the people who care about them.
          </p>
          <ul className="mt-4 flex flex-wrap gap-3">
            <li>
              <a
                href={telHref(line.call.dial)}
                aria-label={`Dial ${line.call.dial}, then press ${line.call.thenPress}: ${line.name}`}
                className={CALL_LINK}
              >
                Dial {line.call.dial}, then press {line.call.thenPress}
              </a>
            </li>
            <li>
              <a
                href={`sms:${line.text}`}
                aria-label={`Text ${line.text}: ${line.name}`}
                className={CALL_LINK}
              >
                Text {line.text}
              </a>
            </li>
            <li>
              <a
                href={line.chatUrl}
                className="inline-flex min-h-11 items-center rounded-md border border-slate-400 px-4 text-lg font-bold text-slate-900 hover:bg-slate-100"
              >
                Chat online
              </a>
            </li>
          </ul>
          <p className="mt-4 text-slate-800">
            <strong>From outside the United States:</strong> {line.overseasNote}
          </p>
          <p className="mt-2 text-slate-800">
            <strong>Deaf or hard of hearing:</strong> {line.deafAccess}
          </p>
          <p className="mt-2 text-slate-800">
            The toll-free number{' '}
            <a href={telHref(line.tollFreeNumber)} className={TEXT_LINK}>
              {line.tollFreeNumber}
            </a>{' '}
            also works from the United States: call it, then press {line.call.thenPress}.
          </p>
          <Checked source={line.source} checkedAt={line.checkedAt} />
          <p className="mt-4 text-slate-800">
            <strong>Not a veteran?</strong> The {lifeline.name} is there {lifeline.availability} for{' '}
            {lifeline.audience}:{' '}
            <a href={telHref(lifeline.call)} className={TEXT_LINK}>
              call {lifeline.call}
            </a>
            ,{' '}
            <a href={`sms:${lifeline.text}`} className={TEXT_LINK}>
              text {lifeline.text}
            </a>{' '}
            or use{' '}
            <a href={lifeline.chatUrl} className={TEXT_LINK}>
              the Lifeline&rsquo;s chat
            </a>
            .
          </p>
        </div>
      )}
    </WithHelpLines>
  );
}

/** STEP enrolment and the Overseas Citizens Services line (the Emergency Watch number). */
export function UsCitizensAbroad() {
  return (
    <WithHelpLines what="the help for U.S. citizens abroad">
      {({ smartTravelerEnrollmentProgram: step, overseasCitizensServices: ocs }) => (
        <div className="grid max-w-5xl gap-6 md:grid-cols-2">
          <div>
            <h3 className="text-xl font-bold text-slate-900">{step.name}</h3>
            <p className="mt-2 text-slate-800">{step.summary}</p>
            <p className="mt-3">
              <a href={step.url} className={CALL_LINK}>
                Enroll your trip in STEP (step.state.gov)
              </a>
            </p>
            <p className="mt-2">
              <a href={step.infoUrl} className={TEXT_LINK}>
                How STEP works, on travel.state.gov
              </a>
            </p>
            <Checked source={step.source} checkedAt={step.checkedAt} />
          </div>
          <div>
            <h3 className="text-xl font-bold text-slate-900">
              Overseas Citizens Services: the Emergency Watch number
            </h3>
            <p className="mt-2 text-slate-800">
              The U.S. State Department’s line for {ocs.audience} in an emergency abroad. Other
              nationalities: contact your own embassy or consulate.
            </p>
            <dl className="mt-3 space-y-3">
              <div>
                <dt className="font-semibold text-slate-900">From the United States or Canada</dt>
                <dd className="mt-1">
                  <a href={telHref(ocs.fromUsOrCanada)} className={CALL_LINK}>
                    {ocs.fromUsOrCanada}
                  </a>
                </dd>
              </div>
              <div>
                <dt className="font-semibold text-slate-900">From other countries</dt>
                <dd className="mt-1">
                  <a href={telHref(ocs.fromOverseas)} className={CALL_LINK}>
                    {ocs.fromOverseas}
                  </a>
                </dd>
              </div>
            </dl>
            <p className="mt-3 text-slate-800">{ocs.hoursNote}</p>
            <Checked source={ocs.source} checkedAt={ocs.checkedAt} />
          </div>
        </div>
      )}
    </WithHelpLines>
  );
}
