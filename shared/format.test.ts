/** The display and normalisation rules in shared/format.ts (used by the SPA and the server). */
import { describe, expect, it } from 'vitest';
import { formatNumber, hasFormChanged, plantName, plural, toSentenceCase, toTitleCase, withHttps } from './format';

describe('toTitleCase', () => {
  it.each([
    ['rosa canina', 'Rosa Canina'],
    ['MONSTERA DELICIOSA', 'Monstera Deliciosa'],
    ['  mary   jane  ', 'Mary Jane'],
    ['mary-jane watson', 'Mary-Jane Watson'],
    ["o'neil", "O'Neil"],
    ['élodie durand', 'Élodie Durand'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(toTitleCase(input)).toBe(expected);
  });
});

describe('toSentenceCase', () => {
  it.each([
    ['MONSTERA DELICIOSA', 'Monstera deliciosa'],
    ['  the   fern club ', 'The fern club'],
    ['"quoted" start', '"Quoted" start'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(toSentenceCase(input)).toBe(expected);
  });
});

describe('formatNumber', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1,000'],
    [1234567, '1,234,567'],
    [-45210, '-45,210'],
    [1234.5, '1,234.5'],
    [Number.NaN, '0'],
  ])('%d → %j', (input, expected) => {
    expect(formatNumber(input)).toBe(expected);
  });

  it("uses the given locale's separators", () => {
    expect(formatNumber(1234567, 'de-DE')).toBe('1.234.567');
  });
});

describe('withHttps', () => {
  it.each([
    ['example.com', 'https://example.com'],
    ['  www.ferns.org/club?x=1 ', 'https://www.ferns.org/club?x=1'],
    ['https://example.com', 'https://example.com'],
    ['http://example.com', 'http://example.com'],
    ['HTTPS://EXAMPLE.COM', 'HTTPS://EXAMPLE.COM'],
    ['//cdn.example.com/a.png', 'https://cdn.example.com/a.png'],
    ['localhost:3000/x', 'https://localhost:3000/x'],
    ['mailto:hi@example.com', 'mailto:hi@example.com'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(withHttps(input)).toBe(expected);
  });
});

describe('hasFormChanged', () => {
  const initial = { name: 'Fern Club', bio: 'We love ferns', public: true, tags: ['fern'] };

  it('ignores surrounding whitespace in strings', () => {
    expect(hasFormChanged(initial, { ...initial, name: '  Fern Club ', bio: 'We love ferns\n' })).toBe(false);
  });

  it('notices a real change of text', () => {
    expect(hasFormChanged(initial, { ...initial, bio: 'We love mosses' })).toBe(true);
  });

  it('notices changes of other values', () => {
    expect(hasFormChanged(initial, { ...initial, public: false })).toBe(true);
    expect(hasFormChanged(initial, { ...initial, tags: ['fern', 'moss'] })).toBe(true);
    expect(hasFormChanged(initial, { ...initial, tags: ['fern'] })).toBe(false);
  });

  it('treats a missing, null or blank field alike', () => {
    expect(hasFormChanged({ a: 'x' }, { a: 'x', note: '   ' })).toBe(false);
    expect(hasFormChanged({ a: 'x', note: null }, { a: 'x' })).toBe(false);
    expect(hasFormChanged({ a: 'x' }, { a: 'x', note: 'hi' })).toBe(true);
  });
});

describe('plural', () => {
  it.each([
    [0, '0 places'],
    [1, '1 place'],
    [2, '2 places'],
    [1200, '1,200 places'],
  ])('%j → %j', (count, expected) => {
    expect(plural(count, 'place', 'places')).toBe(expected);
  });
});

describe('plantName', () => {
  it.each([
    ['monstera deliciosa', 'Monstera Deliciosa'],
    ['MONSTERA  DELICIOSA ', 'Monstera Deliciosa'],
    ['Monstera Deliciosa', 'Monstera Deliciosa'],
  ])('%j → %j', (input, expected) => {
    expect(plantName(input)).toBe(expected);
  });
});
