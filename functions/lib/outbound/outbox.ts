/**
 * The local outbox: e-mails and text messages appended as JSON lines to a file that the local
 * host's /dev/outbox page lists. Used when OUTBOX_DIR is set (never in the cloud).
 */
import { appendFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';

export interface OutboxEntry {
  channel: 'email' | 'sms';
  to: string;
  subject?: string;
  text: string;
  /** A mail's extra headers (List-Unsubscribe and the like), by name. */
  headers?: Record<string, string>;
  sentAt: string;
}

export const OUTBOX_FILE = 'outbox.jsonl';

export async function appendToOutbox(dir: string, entry: Omit<OutboxEntry, 'sentAt'>): Promise<void> {
  await mkdir(dir, { recursive: true });
  const line = JSON.stringify({ ...entry, sentAt: new Date().toISOString() } satisfies OutboxEntry);
  await appendFile(join(dir, OUTBOX_FILE), `${line}\n`, 'utf8');
}
