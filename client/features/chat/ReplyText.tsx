import { ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import { replyBlocks, type ReplyPart } from '../../../contracts/chat-text';

const linkClass =
  'rounded-sm font-medium text-brand-800 underline underline-offset-2 hover:decoration-2';

/**
 * One line's parts: text as text, site paths as router links, https addresses as links that open
 * in a new tab (and say so). Never HTML: the reply's text only ever becomes text nodes.
 */
function Parts({ parts, onNavigate }: { parts: ReplyPart[]; onNavigate?: () => void }) {
  return parts.map((part, i) => {
    if (part.kind === 'text') return part.text;
    if (!part.external) {
      return (
        <Link key={i} to={part.href} className={linkClass} onClick={onNavigate}>
          {part.text}
        </Link>
      );
    }
    return (
      <a key={i} href={part.href} target="_blank" rel="noopener noreferrer" className={linkClass}>
        {part.text}
        <span className="sr-only"> (opens in a new tab)</span>
        <ExternalLink aria-hidden="true" className="ml-0.5 inline size-3.5 align-[-0.125em]" />
      </a>
    );
  });
}

/**
 * A reply of the assistant: paragraphs (line breaks kept), "- " lines as a real list, and its
 * links (contracts/chat-text.ts says which). `onNavigate`: called when a site link is followed.
 */
export function ReplyText({ text, onNavigate }: { text: string; onNavigate?: () => void }) {
  return replyBlocks(text).map((block, i) =>
    block.kind === 'paragraph' ? (
      <p key={i} className="whitespace-pre-line">
        <Parts parts={block.parts} onNavigate={onNavigate} />
      </p>
    ) : (
      <ul key={i} className="list-disc space-y-1 pl-5">
        {block.items.map((item, j) => (
          <li key={j}>
            <Parts parts={item} onNavigate={onNavigate} />
          </li>
        ))}
      </ul>
    ),
  );
}
