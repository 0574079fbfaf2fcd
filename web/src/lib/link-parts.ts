/**
 * Links in text people write (messages, posts): http(s) addresses found in plain text, so that
 * they are shown as links and the rest as text, never as HTML.
 */
export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+/gi;
/** Punctuation that ends a sentence rather than the link (an ellipsis too: a shortened text ends with one). */
const TRAILING = /^[.,;:!?)\]}'"…]$/;

/** The text cut into plain parts and http(s) links. */
export function linkParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    let url = match[0];
    // Trailing punctuation ends the sentence, except a closing bracket the link itself opened.
    while (TRAILING.test(url.slice(-1))) {
      const last = url.slice(-1);
      if (last === ')' && url.split('(').length > url.split(')').length - 1) break;
      url = url.slice(0, -1);
    }
    if (!url.length) continue;
    let href: string;
    try {
      const parsed = new URL(url);
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') continue;
      href = parsed.href;
    } catch {
      continue;
    }
    if (start > at) parts.push({ kind: 'text', text: text.slice(at, start) });
    parts.push({ kind: 'link', text: url, href });
    at = start + url.length;
  }
  if (at < text.length) parts.push({ kind: 'text', text: text.slice(at) });
  return parts;
}
