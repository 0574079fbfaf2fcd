import { beforeAll, describe, expect, it } from 'vitest';
import { slotItems } from './search-index';
import { keyWordOf, matchRank, nameTokens, normalise, termOf, wordsOf } from './search-terms';

describe('search terms', () => {
  beforeAll(() => {
    process.env.TABLE_NAME ??= 'unit-test-table';
  });

  it('folds case and accents and splits on anything but letters and digits', () => {
    expect(normalise('  Ávila-GARCÍA  Ñandú_2 ')).toBe('avila garcia nandu 2');
    expect(normalise('Œuvre ﬁne')).toBe('œuvre fine');
    expect(wordsOf('The fern, the FERN and a Fern!')).toEqual(['the', 'fern', 'and']);
  });

  it('takes terms of at least 2 letters or digits', () => {
    expect(termOf('a')).toBeNull();
    expect(termOf('-!-')).toBeNull();
    expect(termOf(' Mo ')).toBe('mo');
    expect(termOf('x'.repeat(500))).toHaveLength(60);
  });

  it('tokens: whole names first, then their later words, deduplicated and capped', () => {
    // "ada" is a prefix of the whole name: the same read finds it.
    expect(nameTokens(['Ada Lovelace', 'ada_l'], 6)).toEqual([
      { text: 'ada lovelace', whole: true },
      { text: 'ada l', whole: true },
      { text: 'lovelace', whole: false },
    ]);
    expect(nameTokens(['Monstera', 'monstera', undefined, ''], 6)).toEqual([{ text: 'monstera', whole: true }]);
    expect(nameTokens(['one two three four five six seven'], 3)).toHaveLength(3);
    // Common words take no slot, so a long name's last words are still found.
    expect(nameTokens(['The Society of Fern and Orchid Growers of Sydney', 'fern_orchid'], 6).map((t) => t.text)).toEqual([
      'the society of fern and orchid growers of sydney', 'fern orchid', 'society', 'fern', 'orchid', 'growers',
    ]);
    expect(nameTokens(['Sydney Community Fern and Orchid Society', 'syd_ferns'], 10).map((t) => t.text)).toContain('society');
  });

  it('ranks exact, then prefix of a whole name, then words; no match is null', () => {
    expect(matchRank('monstera', ['Monstera'])).toBe(0);
    expect(matchRank('mon', ['Monstera deliciosa'])).toBe(1);
    expect(matchRank('deli', ['Monstera deliciosa'])).toBe(2);
    expect(matchRank('cut fern', ['x'], 'Fern cuttings for swap')).toBe(2);
    expect(matchRank('cut palm', ['x'], 'Fern cuttings for swap')).toBeNull();
    expect(matchRank('osa', ['Monstera deliciosa'])).toBeNull();
    expect(keyWordOf('a monstera cut')).toBe('monstera');
  });

  it('slots: a write touches only the slots whose token changed', () => {
    const t = (...texts: string[]) => texts.map((text) => ({ text, whole: false }));
    expect(slotItems('page', 'p1', 'search#page#p1', t('aa', 'bb'), t('aa', 'bb'), 6)).toEqual([]);
    const changed = slotItems('page', 'p1', 'search#page#p1', t('aa', 'bb'), t('aa', 'cc'), 6) as { Put?: { Item: Record<string, string> } }[];
    expect(changed).toHaveLength(1);
    expect(changed[0]!.Put!.Item).toMatchObject({ pk: 'search#page#p1', sk: 'search#01', gsi3pk: 'search#page#cc', gsi3sk: 'cc#p1' });
    expect(slotItems('page', 'p1', 'search#page#p1', t('aa', 'bb'), t('aa'), 6)).toEqual([expect.objectContaining({ Delete: expect.objectContaining({ Key: { pk: 'search#page#p1', sk: 'search#01' } }) })]);
    // Not known before: every slot is written or cleared.
    expect(slotItems('user', 'u1', 'search#user#u1', null, t('aa'), 6)).toHaveLength(6);
  });
});
