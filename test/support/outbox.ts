/** Reads what the local host "sent" (e-mail and SMS), as the /dev/outbox page lists it. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { inject } from 'vitest';
import type { OutboxEntry } from '../../functions/lib/outbound/outbox';

export async function outbox(): Promise<OutboxEntry[]> {
  try {
    const text = await readFile(join(inject('outboxDir'), 'outbox.jsonl'), 'utf8');
    return text.split('\n').filter(Boolean).map((l) => JSON.parse(l) as OutboxEntry);
  } catch {
    return [];
  }
}
