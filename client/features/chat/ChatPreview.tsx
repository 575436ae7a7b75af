import { MessageCircle } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../components/ui/button';
import { Message } from './Message';

/**
 * Spec §2: the chat panel's non-interactive preview: a sample conversation and an input that only
 * looks like one, with no calls. The answers are the built-in assistant's own, shortened.
 */
const SAMPLE = [
  { author: 'user', content: 'Which places in Canada have step-free access?' },
  {
    author: 'beth',
    content:
      'Destinations in Canada documenting Mobility Support, best match first:\n- Banff National Park (Banff, Alberta, Canada): CAD 11 per adult, Parks Canada daily admission; Step-free access, Accessible transport, Accessible parking; advisory Level 1.\n(Answered with the AI Accessibility Manager.)',
  },
  { author: 'user', content: 'Is Mexico safe to visit?' },
  {
    author: 'beth',
    content:
      'Mexico is at Level 2: Exercise Increased Caution (US State Department, updated August 12, 2025). The level varies by state: check the advisory for the states you will visit.\n(Answered with the AI Safety Manager.)',
  },
] as const;

/** A fixed time for the sample, so it reads the same for everyone. */
const SAMPLE_TIMES = [
  '2026-11-21T09:00:00Z',
  '2026-11-21T09:00:02Z',
  '2026-11-21T09:01:00Z',
  '2026-11-21T09:01:02Z',
];

export function ChatPreview({ onOpenChat }: { onOpenChat: () => void }) {
  const headingId = useId();
  return (
    <figure
      aria-labelledby={headingId}
      className="mt-10 max-w-2xl rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <figcaption id={headingId} className="font-semibold text-slate-900">
        A sample conversation with Beth
      </figcaption>
      <ol className="mt-3 space-y-3">
        {SAMPLE.map((m, i) => (
          <Message key={i} author={m.author} content={m.content} timestamp={SAMPLE_TIMES[i]!} />
        ))}
      </ol>
      <div className="mt-3 flex items-center gap-2 border-t border-slate-200 pt-3">
        <p
          aria-hidden="true"
          className="flex-1 rounded-md border border-dashed border-slate-400 bg-slate-50 px-3 py-2 text-slate-700"
        >
          Ask about destinations, needs, budgets or safety…
        </p>
        <Button onClick={onOpenChat}>
          <MessageCircle aria-hidden="true" className="size-5" />
          Ask Beth yourself
        </Button>
      </div>
    </figure>
  );
}
