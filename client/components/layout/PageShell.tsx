import type { ReactNode } from 'react';

/**
 * The frame of a page: its document title, its one h1, and an optional lead paragraph. Its side
 * padding grows with the reader's font but stays a small share of a phone's width.
 */
export function PageShell({
  title,
  documentTitle,
  lead,
  children,
}: {
  title: string;
  documentTitle?: string;
  lead?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-7xl px-[min(1rem,4vw)] py-10">
      <title>{`${documentTitle ?? title} - Accessible Journeys`}</title>
      <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">{title}</h1>
      {lead ? <p className="mt-3 max-w-3xl text-lg text-slate-700">{lead}</p> : null}
      {children ? <div className="mt-8">{children}</div> : null}
    </div>
  );
}
