/**
 * Markdown an admin wrote, as HTML: markdown-it with raw HTML off (it shows as text), no images,
 * and links only to http(s), mailto or a path on this site, each with `rel="nofollow noopener
 * noreferrer"`; its headings sit below the screen's title (# is an h2). The server renders a text
 * when an admin saves it (readers' screens load no parser); the admin's preview renders the same way.
 */
import markdownit, { type MarkdownIt } from 'markdown-it';

const SAFE_LINK = /^(https?:\/\/|mailto:)/i;
const SITE_PATH = /^\/(?!\/)/;

let parser: MarkdownIt | undefined;

function markdownParser(): MarkdownIt {
  if (parser) return parser;
  const md = markdownit({ html: false, linkify: true, typographer: false });
  md.disable('image');
  md.validateLink = (url) => SAFE_LINK.test(url.trim()) || SITE_PATH.test(url.trim());
  const render = md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
  md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
    tokens[idx]!.attrSet('rel', 'nofollow noopener noreferrer');
    return render(tokens, idx, options, env, self);
  };
  // The screen's title is its one h1: the text's headings sit one level below it (# is an h2).
  md.core.ruler.push('headings_below_title', (state) => {
    for (const token of state.tokens) {
      if (token.type === 'heading_open' || token.type === 'heading_close') token.tag = `h${Math.min(Number(token.tag.slice(1)) + 1, 6)}`;
    }
  });
  parser = md;
  return md;
}

/** The HTML of a Markdown text (safe to insert: raw HTML is escaped, links are checked). */
export function renderMarkdown(source: string): string {
  return markdownParser().render(source);
}
