import type { ReactNode } from 'react';
import type { ChatMessage } from '../../../contracts/chat';
import { cn } from '../../lib/cn';
import { formatClockTime } from '../../lib/dates';
import { ReaderTime } from '../../lib/reader-date';
import { ReplyText } from './ReplyText';

/**
 * One message: its text, its time, and for a reply any proposed trip item or plan. A reply's links
 * and lists are rendered (ReplyText); the visitor's own words stay plain text. Long words and
 * addresses wrap anywhere rather than widen the panel. `onNavigate`: a site link was followed.
 */
export function Message({
  author,
  content,
  timestamp,
  children,
  onNavigate,
}: {
  author: ChatMessage['role'];
  content: string;
  timestamp: string;
  children?: ReactNode;
  onNavigate?: () => void;
}) {
  const mine = author === 'user';
  const bubble = 'max-w-[85%] min-w-0 rounded-lg px-3 py-2 wrap-anywhere';
  return (
    <li className={cn('flex flex-col gap-1', mine ? 'items-end' : 'items-start')}>
      {mine ? (
        <p className={cn(bubble, 'whitespace-pre-line bg-brand-700 text-white')}>
          <span className="sr-only">You: </span>
          {content}
        </p>
      ) : (
        <div className={cn(bubble, 'space-y-2 bg-slate-100 text-slate-900')}>
          <span className="sr-only">Beth: </span>
          <ReplyText text={content} onNavigate={onNavigate} />
        </div>
      )}
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
