import { describe, expect, it } from 'vitest';
import { calendarFileName, senderAddress } from './calendar';

describe('an event calendar file\'s ORGANIZER address and file name', () => {
  it('the ORGANIZER is the site\'s sending address: MAIL_FROM\'s address, else noreply@ the site\'s host', () => {
    expect(senderAddress({ MAIL_FROM: 'Leafline <hello@leafline.example>', SITE_ORIGIN: 'https://leafline.example' })).toBe('hello@leafline.example');
    expect(senderAddress({ MAIL_FROM: ' events@leafline.example ' })).toBe('events@leafline.example');
    expect(senderAddress({ SITE_ORIGIN: 'https://www.leafline.example/' })).toBe('noreply@www.leafline.example');
    expect(senderAddress({ MAIL_FROM: 'Leafline', SITE_ORIGIN: 'http://localhost:8787' })).toBe('noreply@localhost');
  });

  it('the file name is the title as a slug', () => {
    expect(calendarFileName('Sunday Cuttings Swap: Ferns & Figs!')).toBe('sunday-cuttings-swap-ferns-figs.ics');
    expect(calendarFileName('Été à Zürich — échange')).toBe('ete-a-zurich-echange.ics');
    expect(calendarFileName('🌱🌱')).toBe('event.ics');
    expect(calendarFileName(`${'a'.repeat(59)} b`)).toBe(`${'a'.repeat(59)}.ics`);
  });
});
