/** The validation rules of what members type (e-mail, letters-and-spaces text, URLs, handles), in shared/validation.ts. */
import { describe, expect, it } from 'vitest';
import { isEmail, isLettersAndSpaces, isUrl, isValidHandle } from './validation';

describe('isEmail', () => {
  it.each(['fern@example.com', 'first.last+tag@sub.example.co.uk', "o'neil@ex-ample.org", 'a_b-c@x.io'])('accepts %s', (v) => {
    expect(isEmail(v)).toBe(true);
  });
  it.each(['', 'fern', 'fern@', '@example.com', 'fern@example', 'fern@@example.com', 'fern @example.com', 'fern@-x.com', 'fern@x..com'])(
    'refuses %j',
    (v) => {
      expect(isEmail(v)).toBe(false);
    },
  );
});

describe('isLettersAndSpaces', () => {
  it.each(['Rosa', 'Mary Jane', 'José Ñúñez', ' Anna '])('accepts %j', (v) => {
    expect(isLettersAndSpaces(v)).toBe(true);
  });
  it.each(['', '   ', 'R2D2', 'Mary-Jane', "O'Neil", 'Fern!'])('refuses %j', (v) => {
    expect(isLettersAndSpaces(v)).toBe(false);
  });
});

describe('isUrl', () => {
  it.each(['example.com', 'https://example.com', 'http://www.ferns.org/club?x=1#top', 'sub.example.co.uk:8080/a', 'localhost:3000'])(
    'accepts %s',
    (v) => {
      expect(isUrl(v)).toBe(true);
    },
  );
  it.each(['', 'example', 'ftp://example.com', 'javascript:alert(1)', 'http://exa mple.com', 'https://'])('refuses %j', (v) => {
    expect(isUrl(v)).toBe(false);
  });
});

describe('handles', () => {
  it.each(['fern_fan', 'ABC', 'a1_', 'x'.repeat(30)])('accepts %s', (v) => {
    expect(isValidHandle(v)).toBe(true);
  });
  it.each(['ab', 'x'.repeat(31), 'fern-fan', 'fern fan', 'fërn', 'admin', 'Admin', 'messages'])('refuses %j', (v) => {
    expect(isValidHandle(v)).toBe(false);
  });

});
