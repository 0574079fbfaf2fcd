import { describe, expect, it } from 'vitest';
import { eventNoticeText, readEventNotice } from './event-notice';

const at = '2026-11-28T23:00:00.000Z';

describe('event notice text', () => {
  it('is written with the zone last and read back from the end, a title holding " · " included', () => {
    const text = eventNoticeText({ status: 'GOING', title: 'Swaps · cuttings', at, timeZone: 'Australia/Sydney' });
    expect(text).toBe(`GOING · Swaps · cuttings · ${at} · Australia/Sydney`);
    expect(readEventNotice(text, { withStatus: true })).toEqual({ status: 'GOING', title: 'Swaps · cuttings', at, timeZone: 'Australia/Sydney' });
    expect(readEventNotice(eventNoticeText({ title: 'Swap meet', at, timeZone: 'America/Argentina/Buenos_Aires' }))).toEqual({ title: 'Swap meet', at, timeZone: 'America/Argentina/Buenos_Aires' });
  });

  it('reads the texts written before the zone (no zone) and texts without a date', () => {
    expect(readEventNotice(`Swap meet · ${at}`)).toEqual({ title: 'Swap meet', at, timeZone: null });
    expect(readEventNotice('MAYBE · Swap meet · not a date', { withStatus: true })).toEqual({ status: 'MAYBE', title: 'Swap meet', at: '', timeZone: null });
    expect(readEventNotice(null)).toEqual({ title: '', at: '', timeZone: null });
  });
});
