import { Loader2 } from 'lucide-react';

/** A wait, announced politely; under prefers-reduced-motion the spinner stands still. */
export function Waiting({ text }: { text: string }) {
  return (
    <p role="status" className="flex items-center gap-3 text-slate-800">
      <Loader2 aria-hidden="true" className="size-6 text-brand-700 motion-safe:animate-spin" />
      {text}
    </p>
  );
}
