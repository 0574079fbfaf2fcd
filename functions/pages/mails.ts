/** The e-mail that tells the site's admins about a new page (they look after what the site hosts). */
import type { PageItem } from '../db/entities/page';
import { adminEmails } from '../lib/admins';
import { logger } from '../lib/logger';
import { mailer } from '../lib/outbound/mailer';
import { siteOrigin } from '../lib/site-origin';

export async function mailAdminsAboutPage(page: PageItem): Promise<void> {
  const link = `${siteOrigin()}/${page.handle}`;
  // Only the name and the link: the page's own text stays on the site (mail is no relay for it).
  const text = `A new page was created: ${page.name} (@${page.handle}), by user ${page.createdBy}.\n\n${link}`;
  for (const to of adminEmails()) {
    try {
      await mailer().send({ to, subject: `New page: ${page.name}`, text });
    } catch (err) {
      // The page stands; a failed notice must not fail the call.
      logger.error('could not e-mail an admin about a new page', { error: err as Error, pageId: page.id });
    }
  }
}
