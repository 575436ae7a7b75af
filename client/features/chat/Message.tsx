import type { ReactNode } from 'react';
import type { ChatMessage } from '../../../contracts/chat';
import { cn } from '../../lib/cn';
import { dateTimeFormat } from '../../lib/intl';
import { ReaderTime } from '../../lib/reader-date';

/** "9:00 AM" or "09:00", as the reader writes the time of day. */
const formatClockTime = (iso: string, locale?: string, timeZone?: string) =>
  dateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone }).format(new Date(iso));

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
      <ReaderTime
        iso={timestamp}
        format={formatClockTime}
        withTime
        className="text-xs text-slate-700"
      />
    </li>
  );
}
