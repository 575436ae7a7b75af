/**
 * The assistant's replies are plain text. Two things in them become links, and nothing else does:
 * a site link written `[label](/path)` (a path of this site: one `/`, not `//`), and a source
 * written as a bare `https://…` address (or `[label](https://…)`). Anything else that looks like a
 * link (`javascript:`, `data:`, `http:`, `//host`, HTML tags) stays the text it is: the client
 * renders the parts as text nodes and router links, never as HTML. Lines starting with "- " are a
 * list. No zod and no DOM here: both sides may use it.
 */

export type ReplyPart =
  | { kind: 'text'; text: string }
  /** `external`: an https address elsewhere; otherwise a path of this site. */
  | { kind: 'link'; text: string; href: string; external: boolean };

export type ReplyBlock =
  /** Consecutive lines of text; the line breaks within it are kept. */
  | { kind: 'paragraph'; parts: ReplyPart[] }
  /** Consecutive "- " lines, one item each. */
  | { kind: 'list'; items: ReplyPart[][] };

/** `[label](target)`: a label without brackets or line breaks, a target without spaces or parentheses. */
const MARKDOWN_LINK = /\[([^[\]\n]{1,300})\]\(([^\s()]{1,2000})\)/y;
/** A bare address: up to a space, a quote, an angle bracket or a square bracket. */
const BARE_URL = /https:\/\/[^\s<>"'`[\]{}|\\^]+/iy;
/** Characters that end a sentence rather than an address when they come last. */
const TRAILING = new Set(['.', ',', ';', ':', '!', '?', '*', '_', "'", '"']);

/** A path of this site: starts with one `/` (not `//` or `/\`, which browsers read as another host). */
export function isSitePath(href: string): boolean {
  return /^\/(?![/\\])[^\s\\]*$/.test(href) && !hasControl(href);
}

/** An https address with a host and no user name (`https://site.example@elsewhere` misleads). */
export function isHttpsUrl(href: string): boolean {
  if (!/^https:\/\//i.test(href) || hasControl(href)) return false;
  try {
    const url = new URL(href);
    return url.protocol === 'https:' && url.hostname !== '' && !url.username && !url.password;
  } catch {
    return false;
  }
}

function hasControl(text: string): boolean {
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** A bare address without the sentence's punctuation after it; a closing bracket it opened stays. */
function trimAddress(address: string): string {
  let end = address.length;
  while (end > 0) {
    const last = address[end - 1]!;
    if (TRAILING.has(last)) {
      end--;
      continue;
    }
    if (last === ')') {
      const part = address.slice(0, end);
      const opened = part.split('(').length - 1;
      const closed = part.split(')').length - 1;
      if (closed > opened) {
        end--;
        continue;
      }
    }
    break;
  }
  return address.slice(0, end);
}

/** One line (or any text) as text and link parts, in order; adjacent text is joined. */
export function replyParts(text: string): ReplyPart[] {
  const parts: ReplyPart[] = [];
  let plain = '';
  const flush = () => {
    if (plain) parts.push({ kind: 'text', text: plain });
    plain = '';
  };
  let at = 0;
  while (at < text.length) {
    const char = text[at];
    if (char === '[') {
      MARKDOWN_LINK.lastIndex = at;
      const match = MARKDOWN_LINK.exec(text);
      if (match) {
        const [whole, label, target] = match as unknown as [string, string, string];
        const external = isHttpsUrl(target);
        if (external || isSitePath(target)) {
          flush();
          parts.push({ kind: 'link', text: label, href: target, external });
        } else {
          // Not a link this site makes: shown as written.
          plain += whole;
        }
        at += whole.length;
        continue;
      }
    } else if ((char === 'h' || char === 'H') && (at === 0 || !/\w/.test(text[at - 1]!))) {
      BARE_URL.lastIndex = at;
      const match = BARE_URL.exec(text);
      if (match) {
        const address = trimAddress(match[0]);
        if (address.length > 'https://'.length && isHttpsUrl(address)) {
          flush();
          parts.push({ kind: 'link', text: address, href: address, external: true });
          at += address.length;
          continue;
        }
      }
    }
    plain += char;
    at++;
  }
  flush();
  return parts;
}

const LIST_ITEM = /^\s*- (.*)$/;

/**
 * A reply as blocks: runs of "- " lines become a list, other runs of lines a paragraph (an empty
 * line ends one). Each block's text is split into parts by `replyParts`.
 */
export function replyBlocks(text: string): ReplyBlock[] {
  const blocks: ReplyBlock[] = [];
  let lines: string[] = [];
  let items: string[] = [];
  const endParagraph = () => {
    if (lines.length) blocks.push({ kind: 'paragraph', parts: replyParts(lines.join('\n')) });
    lines = [];
  };
  const endList = () => {
    if (items.length) blocks.push({ kind: 'list', items: items.map(replyParts) });
    items = [];
  };
  for (const line of text.split(/\r?\n/)) {
    const item = LIST_ITEM.exec(line);
    if (item) {
      endParagraph();
      items.push(item[1]!);
    } else if (line.trim() === '') {
      endParagraph();
      endList();
    } else {
      endList();
      lines.push(line);
    }
  }
  endParagraph();
  endList();
  return blocks;
}
