import { describe, expect, it } from 'vitest';
import { showsChanged } from './changed';

const q = (...queryKey: unknown[]) => ({ queryKey });

describe('a changed frame', () => {
  it('refreshes the event it names (its page and its dates\' attendees), and no other', () => {
    const frame = { kind: 'event' as const, id: 'AbC123' };
    expect(showsChanged(frame, q('events', 'one', 'user-1', 'AbC123'))).toBe(true);
    expect(showsChanged(frame, q('events', 'attendees', 'AbC123', '2026-12-01T10:00'))).toBe(true);
    expect(showsChanged(frame, q('events', 'one', 'user-1', 'other'))).toBe(false);
    expect(showsChanged(frame, q('events', 'nearby', 'user-1', 1, 2, 10))).toBe(false);
    expect(showsChanged(frame, q('content', 'user-1', 'post', 'AbC123'))).toBe(false);
  });

  it('refreshes the page queries for a page, and the post or plant holding a thread', () => {
    expect(showsChanged({ kind: 'page', id: 'p-1' }, q('pages', 'details', 'user-1', 'growers'))).toBe(true);
    expect(showsChanged({ kind: 'page', id: 'p-1' }, q('events', 'one', 'user-1', 'p-1'))).toBe(false);
    const thread = { kind: 'thread' as const, id: 'AAAA-bbbb' };
    expect(showsChanged(thread, q('content', 'user-1', 'post', 'aaaa-bbbb'))).toBe(true);
    expect(showsChanged(thread, q('content', 'user-1', 'plant', 'aaaa-bbbb'))).toBe(true);
    expect(showsChanged(thread, q('content', 'user-1', 'feed', 'aaaa-bbbb'))).toBe(false);
  });
});
