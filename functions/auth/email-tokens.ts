/** Single-use e-mail tokens: random, stored hashed, expiring (verification 24 h, reset 1 h). */
import { db } from '../db/service';
import type { EmailTokenItem } from '../db/entities/email-token';
import { randomToken, sha256 } from '../lib/crypto';
import { isConditionFailure, txEntities, type TxItem } from '../db/transact';

export type TokenKind = EmailTokenItem['kind'];
/** An account id no account has (accounts get random v4 UUIDs). */
export const NO_ACCOUNT = '00000000-0000-0000-0000-000000000000';
const LIFETIME_SECONDS: Record<TokenKind, number> = { 'verify-email': 24 * 3600, 'reset-password': 3600 };

export async function createEmailToken(kind: TokenKind, userId: string, email: string): Promise<string> {
  const token = randomToken();
  await db()
    .entities.emailToken.create({ tokenHash: sha256(token), kind, userId, email, expiresAt: Math.floor(Date.now() / 1000) + LIFETIME_SECONDS[kind] })
    .go();
  return token;
}

/**
 * A token record that is expired when written and that no account owns: the write a request for
 * an unknown address makes, so that it costs what a request for a known one costs.
 */
export async function createDecoyEmailToken(kind: TokenKind, email: string): Promise<string> {
  const token = randomToken();
  await db()
    .entities.emailToken.create({ tokenHash: sha256(token), kind, userId: NO_ACCOUNT, email, expiresAt: Math.floor(Date.now() / 1000) })
    .go();
  return token;
}

/** The token's record when it exists, is of this kind and has not expired, used or not. */
export async function findEmailToken(kind: TokenKind, token: string): Promise<EmailTokenItem | null> {
  const { data } = await db().entities.emailToken.get({ tokenHash: sha256(token) }).go({ consistent: true });
  if (!data || data.kind !== kind || data.expiresAt <= Date.now() / 1000) return null;
  return data;
}

/** The token's record when it exists, is of this kind, has not expired and is not used up. */
export async function peekEmailToken(kind: TokenKind, token: string): Promise<EmailTokenItem | null> {
  const data = await findEmailToken(kind, token);
  return data && !data.usedAt ? data : null;
}

/**
 * Marks a token used, keeping its record until it expires (a reused verification link is told
 * apart from a bad one). Exactly one caller gets true.
 */
export async function markEmailTokenUsed(record: EmailTokenItem): Promise<boolean> {
  try {
    await db()
      .entities.emailToken.patch({ tokenHash: record.tokenHash })
      .set({ usedAt: new Date().toISOString() })
      .where((a, op) => op.notExists(a.usedAt))
      .go();
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** For the transaction that a verification link proves: marks the link used, on the condition that it is not yet. */
export function markUsedItem(record: EmailTokenItem): TxItem {
  return txEntities().emailToken.patch({ tokenHash: record.tokenHash }).set({ usedAt: new Date().toISOString() }).where((a, op) => op.notExists(a.usedAt)).commit();
}

/** For the transaction that a reset link proves: uses the link up, on the condition that it is still there. */
export function consumeItem(record: EmailTokenItem): TxItem {
  return txEntities().emailToken.delete({ tokenHash: record.tokenHash }).where((a, op) => op.exists(a.tokenHash)).commit();
}
