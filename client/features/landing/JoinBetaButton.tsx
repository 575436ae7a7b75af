import { useId } from 'react';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';

export const BETA_SOON_NOTE = 'Beta sign-up opens soon';

interface JoinBetaButtonProps {
  label: string;
  /** Opens the beta sign-up wizard; while it is undefined the button says sign-up opens soon. */
  onJoinBeta?: () => void;
  className?: string;
  /** Extra text under the button (the hero's tagline), also read as the button's description. */
  tagline?: string;
}

/**
 * The "join the beta" call to action. Until the wizard exists it stays focusable and readable
 * (aria-disabled, not disabled) and explains, visibly and in its description, that sign-up opens soon.
 */
export function JoinBetaButton({ label, onJoinBeta, className, tagline }: JoinBetaButtonProps) {
  const id = useId();
  const noteId = `${id}-note`;
  const taglineId = `${id}-tagline`;
  const available = onJoinBeta !== undefined;
  const describedBy = [available ? null : noteId, tagline ? taglineId : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={cn('grid justify-items-start gap-2', className)}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Button
          variant={available ? 'primary' : 'unavailable'}
          aria-disabled={available ? undefined : true}
          aria-describedby={describedBy || undefined}
          onClick={onJoinBeta}
        >
          {label}
        </Button>
        {available ? null : (
          <p id={noteId} className="text-sm font-medium text-slate-800">
            {BETA_SOON_NOTE}
          </p>
        )}
      </div>
      {tagline ? (
        <p id={taglineId} className="text-sm text-slate-700">
          {tagline}
        </p>
      ) : null}
    </div>
  );
}
