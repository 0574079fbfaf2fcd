/** POST /api/iam/admin/counters/recount (admin): one bounded batch of a scope's counters check; the cursor carries how far it got. */
import type { recountCounters as route } from '../../../shared/contract/admin';
import { CURSOR_MAX_LENGTH } from '../../../shared/constants';
import { encodeCursor, readCursor } from '../../lib/paging';
import type { Main } from '../../lib/route-types';
import { audiencesOf, fieldsOf, recountStep, startRecount, type RecountState } from '../recount';

/** A recount's state from a cursor's text: null unless it is one this route handed out for `scope`. */
function parseState(scope: string) {
  return (text: string): RecountState | null => {
    try {
      const s = JSON.parse(text) as RecountState;
      if (s.scope !== scope || !Number.isInteger(s.source) || s.source < 0 || !Number.isInteger(s.read) || s.read < 0) return null;
      if (s.start !== null && (typeof s.start !== 'object' || Object.values(s.start).some((v) => typeof v !== 'string'))) return null;
      if (typeof s.counts !== 'object' || s.counts === null) return null;
      const audiences: string[] = audiencesOf(scope);
      const fields: readonly string[] = fieldsOf(scope);
      for (const [a, c] of Object.entries(s.counts)) {
        if (!audiences.includes(a) || typeof c !== 'object' || c === null) return null;
        for (const [f, n] of Object.entries(c as Record<string, unknown>)) if (!fields.includes(f) || !Number.isInteger(n) || (n as number) < 0) return null;
      }
      return s;
    } catch {
      return null;
    }
  };
}

export const main: Main<typeof route> = async ({ input }) => {
  const state =
    readCursor(input.cursorId, 'cursorId', { parse: parseState(input.scope), maxLength: CURSOR_MAX_LENGTH, message: 'is not a cursor of this check' }) ?? startRecount(input.scope);
  const { state: next, rows } = await recountStep(state, input.limit);
  return { scope: input.scope, read: next.read, cursorId: rows ? null : encodeCursor(JSON.stringify(next)), rows };
};
