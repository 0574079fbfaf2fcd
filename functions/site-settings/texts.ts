/** The site's texts (about, terms of use, privacy policy): read one, write one. No HTTP here. */
import type { SiteText } from '../../shared/answers/site-settings';
import type { SiteTextName, UpdateSiteTextInput } from '../../shared/schemas/site-settings';
import { db } from '../db/service';

/** How long a browser may keep a text: an admin's change reaches readers within five minutes. */
export const SITE_TEXT_CACHE_SECONDS = 300;

/** One GetItem (pattern A3); a text no admin has written answers null, and its screen shows the default. */
export async function readSiteText(name: SiteTextName): Promise<SiteText> {
  const { data } = await db().entities.siteText.get({ name }).go();
  return data ? { name, markdown: data.markdown, updatedAt: data.updatedAt } : { name, markdown: null, updatedAt: null };
}

/** Writes a text; an empty (or blank) one is removed, so the screen shows its default again. */
export async function putSiteText(input: UpdateSiteTextInput, adminId: string): Promise<SiteText> {
  if (!input.markdown.trim()) {
    await db().entities.siteText.delete({ name: input.name }).go();
    return { name: input.name, markdown: null, updatedAt: null };
  }
  const { data } = await db().entities.siteText.put({ name: input.name, markdown: input.markdown, updatedBy: adminId }).go();
  return { name: input.name, markdown: data.markdown, updatedAt: data.updatedAt };
}
