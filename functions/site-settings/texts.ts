/**
 * The site's texts (about, terms of use, privacy policy): read one, write one. No HTTP here.
 * A text is rendered to HTML when an admin saves it (shared/markdown.ts), so readers' screens load
 * no Markdown parser. The HTML is an item of its own beside the Markdown (pattern A3): 100,000
 * characters of Markdown and their HTML can outgrow one item's 400 KB.
 */
import type { SiteText } from '../../shared/answers/site-settings';
import type { SiteTextName, UpdateSiteTextInput } from '../../shared/schemas/site-settings';
import { getItem } from '../db/batch';
import { db } from '../db/service';
import { txEntities, writeItems } from '../db/transact';
import { deleteItem, putItem } from '../db/write';
import { badRequest, serviceUnavailable } from '../lib/errors';

/** How long a browser may keep a text: an admin's change reaches readers within five minutes. */
export const SITE_TEXT_CACHE_SECONDS = 300;

/** The rendered HTML an item may hold (DynamoDB's item limit is 400 KB, keys and names included). */
export const SITE_TEXT_HTML_MAX_BYTES = 390_000;

const htmlKey = (name: SiteTextName) => ({ pk: `sitetext#${name}`, sk: 'html' });

async function render(markdown: string): Promise<string> {
  // Only these routes render: the parser loads on first use.
  const { renderMarkdown } = await import('../../shared/markdown');
  return renderMarkdown(markdown);
}

/** Texts rendered on reading (saved before texts were rendered on save): once per text and version in a container, not on every read. */
const renderedOnRead = new Map<string, string>();

/** Two GetItems of one partition (pattern A3); a text no admin has written answers null, and its screen shows the default. */
export async function readSiteText(name: SiteTextName): Promise<SiteText & { markdown: string | null }> {
  const [{ data }, stored] = await Promise.all([db().entities.siteText.get({ name }).go(), getItem(htmlKey(name))]);
  if (!data) return { name, markdown: null, html: null, updatedAt: null };
  if (stored && stored.updatedAt === data.updatedAt) return { name, markdown: data.markdown, html: String(stored.html), updatedAt: data.updatedAt };
  // A text saved before texts were rendered on save (or whose HTML write it raced) is rendered here,
  // and kept: the public route may not write, and the next save stores its HTML.
  const key = `${name}|${data.updatedAt}`;
  let html = renderedOnRead.get(key);
  if (html === undefined) {
    html = await render(data.markdown);
    for (const k of renderedOnRead.keys()) if (k.startsWith(`${name}|`)) renderedOnRead.delete(k);
    renderedOnRead.set(key, html);
  }
  return { name, markdown: data.markdown, html, updatedAt: data.updatedAt };
}

/** Writes a text and its HTML in one transaction; an empty (or blank) one is removed, so the screen shows its default again. */
export async function putSiteText(input: UpdateSiteTextInput, adminId: string): Promise<SiteText> {
  if (!input.markdown.trim()) {
    await writeItems([txEntities().siteText.delete({ name: input.name }).commit(), deleteItem(htmlKey(input.name))]);
    return { name: input.name, markdown: null, html: null, updatedAt: null };
  }
  const html = await render(input.markdown);
  const bytes = Buffer.byteLength(html);
  if (bytes > SITE_TEXT_HTML_MAX_BYTES) {
    throw badRequest(`markdown is too long once formatted (${Math.ceil(bytes / 1000)} KB of the ${SITE_TEXT_HTML_MAX_BYTES / 1000} KB a text may take): shorten it or split a large table`, 'markdown');
  }
  const updatedAt = new Date().toISOString();
  const items = [
    txEntities().siteText.put({ name: input.name, markdown: input.markdown, updatedBy: adminId, updatedAt }).commit(),
    putItem({ ...htmlKey(input.name), html, updatedAt }),
  ];
  const out = await writeItems(items);
  if (out.canceled) throw serviceUnavailable('The text is being saved by another admin; please try again');
  return { name: input.name, markdown: input.markdown, html, updatedAt };
}
