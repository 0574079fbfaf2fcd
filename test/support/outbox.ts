/** Reads what the local host "sent" (e-mail and SMS), as the /dev/outbox page lists it. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { inject } from 'vitest';
import type { OutboxEntry } from '../../functions/lib/outbound/outbox';

export async function outbox(): Promise<OutboxEntry[]> {
  let text: string;
  try {
    text = await readFile(join(inject('outboxDir'), 'outbox.jsonl'), 'utf8');
  } catch {
    return [];
  }
  // Other test files' hosts append as this reads: a last line may be half written. It is left
  // out (the next read has it), rather than losing every entry to one parse error.
  const entries: OutboxEntry[] = [];
  for (const line of text.split('\n')) {
    if (!line) continue;
    try {
      entries.push(JSON.parse(line) as OutboxEntry);
    } catch {
      // a line still being written
    }
  }
  return entries;
}
