import type { ReactNode } from 'react';

/**
 * A titled section of a page: a landmark named by its h2, with an optional lead paragraph. The
 * `id` is the in-page anchor the menus link to (`/#id`) and also names the heading.
 */
export function Section({
  id,
  title,
  lead,
  className,
  children,
}: {
  id: string;
  title: ReactNode;
  lead?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className={className}>
      <div className="mx-auto max-w-7xl px-4 py-12">
        <h2 id={headingId} className="text-3xl font-bold">
          {title}
        </h2>
        {lead ? <p className="mt-2 mb-8 max-w-3xl text-slate-700">{lead}</p> : null}
        {children}
      </div>
    </section>
  );
}
