import { describe, expect, it } from 'vitest';
import { dayLabel, groupByDay, linkParts } from './text';

describe('links in message text', () => {
  it('finds http(s) links, leaving sentence punctuation outside them', () => {
    expect(linkParts('See https://example.com/fern?a=1, then reply.')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://example.com/fern?a=1', href: 'https://example.com/fern?a=1' },
      { kind: 'text', text: ', then reply.' },
    ]);
    expect(linkParts('(http://x.org/a_(b))')).toEqual([
      { kind: 'text', text: '(' },
      { kind: 'link', text: 'http://x.org/a_(b)', href: 'http://x.org/a_(b)' },
      { kind: 'text', text: ')' },
    ]);
  });

  it('never makes a link of other schemes or markup', () => {
    for (const text of ['javascript:alert(1)', '<a href="https://evil.test">x</a>', 'data:text/html,hi', 'ftp://files.test/x']) {
      const parts = linkParts(text);
      expect(parts.every((p) => p.kind === 'text' || p.href.startsWith('https://'))).toBe(true);
      expect(parts.map((p) => p.text).join('')).toBe(text);
    }
  });
});

describe('days', () => {
  it('groups messages by local day, in order', () => {
    const at = (d: number, h: number) => ({ createdAt: new Date(2026, 10, d, h).toISOString() });
    const groups = groupByDay([at(20, 9), at(20, 23), at(21, 1)]);
    expect(groups.map((g) => [g.day, g.items.length])).toEqual([['2026-11-20', 2], ['2026-11-21', 1]]);
  });

  it('names today and yesterday', () => {
    const now = new Date(2026, 10, 26, 12);
    expect(dayLabel('2026-11-26', now)).toBe('Today');
    expect(dayLabel('2026-11-25', now)).toBe('Yesterday');
    expect(dayLabel('2026-11-20', now)).toMatch(/20/);
  });
});
