/**
 * Markdown an admin wrote, as HTML: markdown-it with raw HTML off (it shows as text), no images,
 * and links only to http(s), mailto or a path on this site, each with `rel="nofollow noopener
 * noreferrer"`; its headings sit below the screen's title (# is an h2). Loaded only by the screens
 * that show such texts (never the entry chunk).
 */
import markdownit, { type MarkdownIt } from 'markdown-it';
import { useMemo } from 'react';

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

const PROSE = [
  'max-w-prose space-y-4 text-gray-800 leading-relaxed break-words',
  '[&_h2]:mt-6 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-gray-900',
  '[&_h3]:mt-4 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-gray-900',
  '[&_h4]:mt-4 [&_h4]:font-semibold [&_h4]:text-gray-900',
  '[&_ul]:list-disc [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1',
  '[&_a]:font-medium [&_a]:text-primary-800 [&_a]:underline [&_a]:underline-offset-2',
  '[&_blockquote]:border-l-4 [&_blockquote]:border-gray-300 [&_blockquote]:pl-4 [&_blockquote]:text-gray-700',
  '[&_code]:rounded [&_code]:bg-gray-100 [&_code]:px-1 [&_code]:font-mono [&_code]:text-sm',
  '[&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-gray-100 [&_pre]:p-3',
  '[&_hr]:border-gray-200',
  '[&_table]:block [&_table]:overflow-x-auto [&_th]:border [&_th]:border-gray-200 [&_th]:p-2 [&_td]:border [&_td]:border-gray-200 [&_td]:p-2',
].join(' ');

export function Markdown({ source }: { source: string }) {
  const html = useMemo(() => renderMarkdown(source), [source]);
  // markdown-it's output with raw HTML off and links checked (see above).
  return <div className={PROSE} dangerouslySetInnerHTML={{ __html: html }} />;
}
