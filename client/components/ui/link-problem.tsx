import { Clock, Link2Off } from 'lucide-react';
import { ApiError } from '../../lib/api';

export type LinkProblem = 'missing' | 'expired';

/** Why a share link does not open: it never existed or was revoked (404), or it ran out (410). */
export function linkProblem(error: unknown): LinkProblem | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 404) return 'missing';
  if (error.status === 410) return 'expired';
  return null;
}

/**
 * What a share link's page says when the link does not open: which of the two it is, and what to
 * do (ask again). `link` names the link ("share link", "itinerary link"); `heading` is the
 * element of the first line, a heading where the page's outline needs one.
 */
export function LinkProblemNotice({
  problem,
  link,
  askAgain,
  heading: Heading = 'p',
}: {
  problem: LinkProblem;
  link: string;
  askAgain: string;
  heading?: 'p' | 'h2';
}) {
  const Icon = problem === 'expired' ? Clock : Link2Off;
  return (
    <div className="max-w-3xl rounded-lg border border-slate-400 bg-slate-50 p-6 text-slate-900">
      <Heading className="flex items-center gap-2 text-lg font-bold">
        <Icon aria-hidden="true" className="size-6 shrink-0" />
        {problem === 'expired'
          ? `This ${link} has expired`
          : `This ${link} does not exist or was revoked`}
      </Heading>
      <p className="mt-2 text-slate-800">{askAgain}</p>
    </div>
  );
}
