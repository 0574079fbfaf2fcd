/**
 * E-mailed links (password reset, e-mail verification) asked for by address. The request does the
 * same work whether or not the address belongs to an account that gets a link, so how long it
 * takes tells nothing about the address: the same two reads (the address's claim, then the
 * account, or an account id that cannot exist), one token write (a real token, or one expired at
 * birth that no account owns) and one e-mail handed to the mailer (to the owner, or the same
 * e-mail to an address that discards it). Nobody but an account's owner is ever mailed.
 */
import type { UserItem } from '../db/entities/user';
import { getUser, userIdByEmail } from '../users/users';
import { createDecoyEmailToken, createEmailToken, NO_ACCOUNT, type TokenKind } from './email-tokens';

/**
 * Where the e-mail for nobody goes: MAIL_SINK (an environment variable; unset in both hosts), by
 * default SES's mailbox simulator, which accepts and drops it without touching the sender's bounce
 * or complaint rates (it is billed like any mail, hence the per-IP limit LINK_MAIL_IP). Locally the
 * outbox records it, addressed to the simulator.
 */
export function mailSink(env: NodeJS.ProcessEnv = process.env): string {
  return env.MAIL_SINK || 'success@simulator.amazonses.com';
}

export async function mailLinkTo(
  email: string,
  kind: TokenKind,
  gets: (user: UserItem) => boolean,
  send: (to: string, token: string) => Promise<void>,
): Promise<void> {
  const userId = await userIdByEmail(email);
  const user = await getUser(userId ?? NO_ACCOUNT);
  if (user && gets(user)) {
    await send(user.email, await createEmailToken(kind, user.uuid, user.email));
  } else {
    const sink = mailSink();
    await send(sink, await createDecoyEmailToken(kind, sink));
  }
}
