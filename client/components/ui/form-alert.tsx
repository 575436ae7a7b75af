import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

const ALERT_CLASS = 'rounded-md border border-red-700 bg-red-50 p-3 text-red-900';

/**
 * What went wrong with the form as a whole (the request failed, the server refused it). Rendered
 * only while there is something to say, as an alert: a screen reader reads it when it appears,
 * wherever focus is. `announce={false}` when something else already says it (a toast).
 */
export function FormAlert({
  title,
  children,
  announce = true,
  className,
}: {
  title?: ReactNode;
  children?: ReactNode;
  announce?: boolean;
  className?: string;
}) {
  if (!title && !children) return null;
  return (
    <div role={announce ? 'alert' : undefined} className={cn(ALERT_CLASS, className)}>
      {title ? <p className="font-semibold">{title}</p> : null}
      {typeof children === 'string' ? <p>{children}</p> : children}
    </div>
  );
}

export interface SummaryError {
  /** The field's name in the form. */
  name: string;
  /** The field's label, as it reads on screen. */
  label: string;
  message: string;
}

/**
 * A list of the form's errors, each a link to its field: for errors the reader cannot see where
 * they are (a field on another step of a wizard). Following a link calls `onSelect`, which shows
 * the field and focuses it; without it, the link focuses the element with the id `targetId(name)`.
 * Not a live region itself: it goes inside the FormAlert that says what happened.
 */
export function ErrorSummary({
  title,
  errors,
  targetId,
  onSelect,
}: {
  title: ReactNode;
  errors: readonly SummaryError[];
  targetId: (name: string) => string;
  onSelect?: (name: string) => void;
}) {
  if (errors.length === 0) return null;
  return (
    <div className="mt-2">
      <p className="font-semibold">{title}</p>
      <ul className="mt-1 list-disc pl-6">
        {errors.map((error) => (
          <li key={error.name}>
            <a
              href={`#${targetId(error.name)}`}
              className="inline-flex min-h-6 items-center font-medium underline"
              onClick={(event) => {
                event.preventDefault();
                if (onSelect) onSelect(error.name);
                else document.getElementById(targetId(error.name))?.focus();
              }}
            >
              {error.label}: {error.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
