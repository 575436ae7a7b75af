import type { ReactNode } from 'react';
import type { ChatMessage } from '../../../contracts/chat';
import { cn } from '../../lib/cn';
import { onFirstUse } from '../../lib/intl';

const time = onFirstUse(
  () => new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' }),
);

/** One message: its text, its time, and for a reply any proposed trip item. */
export function Message({
  author,
  content,
  timestamp,
  children,
}: {
  author: ChatMessage['role'];
  content: string;
  timestamp: string;
  children?: ReactNode;
}) {
  const mine = author === 'user';
  return (
    <li className={cn('flex flex-col gap-1', mine ? 'items-end' : 'items-start')}>
      <p
        className={cn(
          'max-w-[85%] rounded-lg px-3 py-2 whitespace-pre-line',
          mine ? 'bg-brand-700 text-white' : 'bg-slate-100 text-slate-900',
        )}
      >
        <span className="sr-only">{mine ? 'You: ' : 'Beth: '}</span>
        {content}
      </p>
      {children}
      <time dateTime={timestamp} className="text-xs text-slate-700">
        {time().format(new Date(timestamp))}
      </time>
    </li>
  );
}
