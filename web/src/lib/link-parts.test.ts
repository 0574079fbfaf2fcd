import { describe, expect, it } from 'vitest';
import { linkParts } from './link-parts';

describe('links in text people write', () => {
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

  it('leaves an ellipsis (a shortened text\'s end) outside the link', () => {
    expect(linkParts('Read https://example.com/care-guide…')).toEqual([
      { kind: 'text', text: 'Read ' },
      { kind: 'link', text: 'https://example.com/care-guide', href: 'https://example.com/care-guide' },
      { kind: 'text', text: '…' },
    ]);
  });
});
