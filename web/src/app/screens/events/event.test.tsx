import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeDate, makeEvent } from '@/features/events/testing';
import { ruleFor } from '@/features/events/components/event-form';
import { AUTH, renderRoute } from '@/testing/render-route';
import { success } from '@/testing/responses';
import { serve } from '@/testing/serve';

const DAY = 86_400_000;
const soon = makeDate({ startsAt: new Date(Date.now() + 2 * DAY).toISOString() });
const cancelled = makeDate({ startsAt: new Date(Date.now() + 9 * DAY).toISOString(), cancelled: true });
const full = makeDate({ startsAt: new Date(Date.now() + 16 * DAY).toISOString(), full: true, counts: { going: 4, maybe: 0, notGoing: 0, waiting: 1 } });

describe('/event/:randomId', () => {
  it('lists the dates next first, strikes a cancelled one through, and asks guests to sign in', async () => {
    serve({ 'GET /api/events/Ab3dE5gH7k': () => success({ event: makeEvent({ specifics: [soon, cancelled, full] }) }) });
    renderRoute('/event/Ab3dE5gH7k', { auth: AUTH.guest });
    expect(await screen.findByRole('heading', { level: 1, name: 'Cutting swap' })).toBeTruthy();
    const dates = screen.getByRole('heading', { name: 'Dates' }).parentElement!.querySelectorAll('ol > li');
    expect(dates).toHaveLength(3);
    // The zone of the place is said once, not on every date (the tests run on UTC).
    expect(screen.getByText('Times are Australia/Sydney time, where it is held.')).toBeTruthy();
    expect([...dates].some((li) => li.textContent?.includes('Sydney time'))).toBe(false);
    expect(dates[1]!.querySelector('s')).toBeTruthy();
    expect(dates[1]!.textContent).toMatch(/Cancelled/);
    expect([...dates].filter((li) => li.textContent?.includes('Sign in to say whether you are going'))).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Add to calendar' }).getAttribute('href')).toBe('/api/events/Ab3dE5gH7k/ics');
    expect(screen.queryByRole('link', { name: 'Edit event' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Report/ })).toBeNull();
  });

  it('a member says they are going: the status is sent for that date and shown pressed; a full date offers the waitlist', async () => {
    const api = serve({
      'GET /api/events/Ab3dE5gH7k': () => success({ event: makeEvent({ specifics: [soon, full] }) }),
      'PUT /api/iam/events/upsert-attend-specific': () => {
        const after = makeEvent({ specifics: [{ ...soon, myStatus: 'GOING', counts: { ...soon.counts, going: 3 } }, full] });
        return success({ specific: after.specifics[0], event: after });
      },
    });
    renderRoute('/event/Ab3dE5gH7k', { auth: AUTH.member });
    await screen.findByRole('heading', { level: 1, name: 'Cutting swap' });
    const groups = screen.getAllByRole('group', { name: /Are you going/ });
    expect(groups[1]!.textContent).toMatch(/Join the waitlist/);
    fireEvent.click(groups[0]!.querySelector('button')!);
    await waitFor(() => expect(api.to('PUT /api/iam/events/upsert-attend-specific')).toHaveLength(1));
    expect(api.to('PUT /api/iam/events/upsert-attend-specific')[0]!.body).toMatchObject({ specificId: soon.id, status: 'GOING' });
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Going' })[0]!.getAttribute('aria-pressed')).toBe('true'));
    expect(screen.getByText(/3 going/)).toBeTruthy();
  });

  it('offers a member to report an event they may not edit, and sends the report about the event; its editor sees Edit instead', async () => {
    const event = makeEvent({ specifics: [soon] });
    const api = serve({
      'GET /api/events/Ab3dE5gH7k': () => success({ event }),
      'POST /api/iam/reports/new': () => success({ caseId: 'c1', filed: true }, 201),
    });
    const { unmount } = renderRoute('/event/Ab3dE5gH7k', { auth: AUTH.member });
    await screen.findByRole('heading', { level: 1, name: 'Cutting swap' });
    fireEvent.click(screen.getByRole('button', { name: 'Report this event' }));
    expect(await screen.findByRole('dialog', { name: 'Report this event?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByRole('dialog', { name: 'Reported' })).toBeTruthy();
    expect(api.to('POST /api/iam/reports/new')[0]!.body).toMatchObject({ target: { type: 'event', id: event.id } });
    unmount();

    serve({ 'GET /api/events/Ab3dE5gH7k': () => success({ event: makeEvent({ canEdit: true, specifics: [soon] }) }) });
    renderRoute('/event/Ab3dE5gH7k', { auth: AUTH.member });
    expect(await screen.findByRole('link', { name: 'Edit event' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Report/ })).toBeNull();
  });

  it('is not found when the event is not there (or is for members only)', async () => {
    serve({});
    renderRoute('/event/Nope000000', { auth: AUTH.guest });
    expect(await screen.findByRole('heading', { level: 1, name: /not found/i })).toBeTruthy();
  });
});

describe('repeat choices', () => {
  it('are rules from the first date: weekly, fortnightly, and the n-th weekday of the month', () => {
    expect(ruleFor('none', '2026-12-12')).toBeNull();
    expect(ruleFor('weekly', '2026-12-12')).toBe('FREQ=WEEKLY;BYDAY=SA');
    expect(ruleFor('fortnightly', '2026-12-08')).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=TU');
    expect(ruleFor('monthly', '2026-12-12')).toBe('FREQ=MONTHLY;BYDAY=2SA');
    expect(ruleFor('monthly', '2026-12-31')).toBe('FREQ=MONTHLY;BYDAY=5TH');
  });
});

describe('the month view', () => {
  it('puts a date on its day at the event\'s place, whatever the reader\'s zone', async () => {
    const { MonthView } = await import('@/features/events/components/month-view');
    const { render } = await import('@testing-library/react');
    const { MemoryRouter } = await import('react-router');
    // 10:00 on Thursday 26 November in Broken Hill is 23:30 UTC on the 25th.
    const date = makeDate({ startsAt: '2026-11-25T23:30:00.000Z' });
    const card = { event: { ...makeEvent(), timeZone: 'Australia/Broken_Hill', recurring: false }, date };
    render(
      <MemoryRouter>
        <MonthView dates={[card]} />
      </MemoryRouter>,
    );
    const cell = screen.getByRole('button', { name: /(26 November|November 26),? 2026: 1 event/ });
    expect(cell.textContent).toBe('26');
    expect(screen.getByRole('button', { name: /(25 November|November 25),? 2026: no events/ })).toBeTruthy();
  });
});

describe('/event/:randomId/edit', () => {
  it('cancels one date, and rewrites the series from a date on with the rule of the new first day', async () => {
    const weekly = makeEvent({ canEdit: true, recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=SA', description: 'Every Saturday', until: null, datesUntil: null }, specifics: [soon, full] });
    const api = serve({
      'GET /api/events/Ab3dE5gH7k': () => success({ event: weekly }),
      'PUT /api/iam/events/update-specific': () => success({ specific: { ...full, cancelled: true }, event: { ...weekly, specifics: [soon, { ...full, cancelled: true }] } }),
      'PUT /api/iam/events/future-dates/update': () => success({ event: weekly }),
    });
    renderRoute('/event/Ab3dE5gH7k/edit', { auth: AUTH.member });
    await screen.findByRole('heading', { level: 1, name: 'Edit “Cutting swap”' });
    // Cancelling asks first (attendees are told); keeping it sends nothing.
    fireEvent.click(screen.getAllByRole('button', { name: 'Cancel this date' })[1]!);
    let dialog = await screen.findByRole('dialog', { name: /Cancel this date/ });
    expect(dialog.textContent).toMatch(/1 waiting/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep the date' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.to('PUT /api/iam/events/update-specific')).toHaveLength(0);
    fireEvent.click(screen.getAllByRole('button', { name: 'Cancel this date' })[1]!);
    dialog = await screen.findByRole('dialog', { name: /Cancel this date/ });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel the date' }));
    await waitFor(() => expect(api.to('PUT /api/iam/events/update-specific')).toHaveLength(1));
    expect(api.to('PUT /api/iam/events/update-specific')[0]!.body).toMatchObject({ specificId: full.id, cancelled: true });
    await screen.findByRole('button', { name: 'Restore this date' });

    const form = screen.getByRole('form', { name: 'Change how it repeats' });
    fireEvent.change(within(form).getByLabelText('New first date'), { target: { value: '2027-02-02' } });
    fireEvent.change(within(form).getByLabelText('Starts'), { target: { value: '18:30' } });
    fireEvent.change(within(form).getByLabelText('Ends'), { target: { value: '20:00' } });
    fireEvent.change(within(form).getByLabelText('Repeats'), { target: { value: 'fortnightly' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Change the dates' }));
    await waitFor(() => expect(api.to('PUT /api/iam/events/future-dates/update')).toHaveLength(1));
    // 18:30 on 2 February 2027 in Sydney (summer time, UTC+11) is 07:30 UTC.
    expect(api.to('PUT /api/iam/events/future-dates/update')[0]!.body).toMatchObject({
      eventId: weekly.id, from: soon.startsAt, first: { startsAt: '2027-02-02T07:30:00.000Z', endsAt: '2027-02-02T09:00:00.000Z' }, recurrence: { rrule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU' },
    });
  });

  it('lists who is going to a date for members, page by page', async () => {
    const key = soon.id.split('.')[1]!;
    const person = (n: number) => ({ user: { uuid: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, username: `grower_${n}`, avatar: null }, status: 'GOING' as const, waiting: false, since: '2026-11-20T10:00:00.000Z' });
    const api = serve({
      'GET /api/events/Ab3dE5gH7k': () => success({ event: makeEvent({ specifics: [soon] }) }),
      [`GET /api/iam/events/details/Ab3dE5gH7k/${key}`]: (call) =>
        call.url.includes('cursorId=')
          ? success({ specific: soon, attendees: [person(3)], cursorId: null })
          : success({ specific: soon, attendees: [person(1), person(2)], cursorId: 'next-page' }),
    });
    renderRoute('/event/Ab3dE5gH7k', { auth: AUTH.member });
    fireEvent.click(await screen.findByRole('button', { name: 'Who is going' }));
    await screen.findByRole('link', { name: '@grower_2' });
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await screen.findByRole('link', { name: '@grower_3' });
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(api.to(`GET /api/iam/events/details/Ab3dE5gH7k/${key}`).at(-1)!.url).toContain('cursorId=next-page');
  });
});
