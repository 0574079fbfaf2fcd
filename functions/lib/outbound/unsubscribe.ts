/**
 * One-click unsubscribe (RFC 8058) for the e-mails a member's settings allow. A token names a
 * member and one of their mail settings, signed with an HMAC of the session signing key (with a
 * prefix of its own, so no other token of the site can ever pass for one). It does not expire: a
 * link in an old e-mail still works, and it can only ever turn one setting off.
 *
 * Every such mail carries `List-Unsubscribe: <https://SITE/api/unsubscribe/TOKEN>` and
 * `List-Unsubscribe-Post: List-Unsubscribe=One-Click`, and its text links to the SPA's page
 * (`/auth/unsubscribe?token=`), which asks before it posts.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { MAIL_SETTINGS, type MailSetting } from '../../../shared/constants';
import { signingSecret } from '../secrets';
import { logger } from '../logger';
import { siteOrigin } from '../site-origin';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function mac(userId: string, setting: MailSetting): Promise<Buffer> {
  return createHmac('sha256', await signingSecret()).update(`unsubscribe\0${userId}\0${setting}`).digest();
}

/** `<member id>.<setting>.<signature>`: only URL-safe characters. */
export async function unsubscribeToken(userId: string, setting: MailSetting): Promise<string> {
  return `${userId}.${setting}.${(await mac(userId, setting)).toString('base64url')}`;
}

/** The member and setting a token names, or null when it is not one of ours. */
export async function readUnsubscribeToken(token: string): Promise<{ userId: string; setting: MailSetting } | null> {
  const [userId, setting, signature, ...rest] = token.split('.');
  if (rest.length || !userId || !UUID.test(userId) || !signature) return null;
  if (!(MAIL_SETTINGS as readonly string[]).includes(setting ?? '')) return null;
  const given = Buffer.from(signature, 'base64url');
  const expected = await mac(userId, setting as MailSetting);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, setting: setting as MailSetting };
}

const headersFor = (token: string): Record<string, string> => ({
  'List-Unsubscribe': `<${siteOrigin()}/api/unsubscribe/${token}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});
const linkFor = (token: string): string => `${siteOrigin()}/auth/unsubscribe?token=${encodeURIComponent(token)}`;

/** The two headers of RFC 8058 for a mail that `setting` allows. */
export async function unsubscribeHeaders(userId: string, setting: MailSetting): Promise<Record<string, string>> {
  return headersFor(await unsubscribeToken(userId, setting));
}

/** The page a person opens from the mail's text: it says what stops, and asks. */
export async function unsubscribeLink(userId: string, setting: MailSetting): Promise<string> {
  return linkFor(await unsubscribeToken(userId, setting));
}

/**
 * Both for one mail, the token signed once: the two headers of RFC 8058 and the page the mail's
 * text links to.
 */
export async function unsubscribeParts(userId: string, setting: MailSetting): Promise<{ headers: Record<string, string>; link: string }> {
  const token = await unsubscribeToken(userId, setting);
  return { headers: headersFor(token), link: linkFor(token) };
}

/**
 * The unsubscribe parts of one mail, or none when the link cannot be signed now (the secret
 * unreadable): the mail goes without them rather than not at all, and the failure is logged.
 */
export async function unsubscribePartsIfSigned(userId: string, setting: MailSetting): Promise<{ headers: Record<string, string>; link: string } | null> {
  try {
    return await unsubscribeParts(userId, setting);
  } catch (err) {
    logger.error('could not sign an unsubscribe link: the mail goes without it', { error: err as Error, setting });
    return null;
  }
}
