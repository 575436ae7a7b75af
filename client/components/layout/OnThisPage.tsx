import { cn } from '../../lib/cn';

/** A link to a section of the page: its id and its title. */
export interface PagePart {
  id: string;
  title: string;
}

/**
 * "On this page": a short list of links to the page's sections, near its top, so a reader (by
 * keyboard, by screen reader, in a hurry) jumps to the part they need.
 */
export function OnThisPage({
  parts,
  className,
}: {
  parts: readonly PagePart[];
  className?: string;
}) {
  return (
    <nav aria-labelledby="on-this-page" className={cn('rounded-lg bg-slate-50 p-4', className)}>
      <h2 id="on-this-page" className="text-lg font-bold text-slate-900">
        On this page
      </h2>
      <ul className="mt-2 grid gap-1">
        {parts.map((part) => (
          <li key={part.id}>
            <a
              href={`#${part.id}`}
              className="inline-block py-1 font-semibold text-brand-800 underline underline-offset-4 hover:decoration-2"
            >
              {part.title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
