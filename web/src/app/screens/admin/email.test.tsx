import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AUTH, renderRoute } from '@/testing/render-route';
import { failure, success } from '@/testing/responses';
import { serve } from '@/testing/serve';

const ID = '6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f';
const announcement = (over: object = {}) => ({
  id: ID,
  audience: 'near',
  latitude: -33.9,
  longitude: 151.2,
  radiusKm: 10,
  subject: 'Seed swap',
  state: 'running',
  sent: 0,
  skipped: 0,
  createdAt: '2026-11-28T10:00:00.000Z',
  finishedAt: null,
  ...over,
});

async function write() {
  fireEvent.change(await screen.findByRole('combobox', { name: 'Members' }), { target: { value: 'near' } });
  expect(screen.getByText(/Only members who show in “people near you” can be found near a place/)).toBeTruthy();
  fireEvent.change(screen.getByRole('textbox', { name: 'Latitude' }), { target: { value: '-33.9' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Longitude' }), { target: { value: '151.2' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Radius (km)' }), { target: { value: '10' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Subject' }), { target: { value: 'Seed swap' } });
  fireEvent.change(screen.getByRole('textbox', { name: /Message/ }), { target: { value: 'Bring seeds.\nSunday at ten.' } });
}

describe('/admin/email', () => {
  it('previews the announcement, asks with the recipient count, then shows its progress until sent', async () => {
    let reads = 0;
    const api = serve({
      'POST /api/iam/admin/announcements/count': () => success({ recipients: 3, radiusKm: 10 }),
      'POST /api/iam/admin/announcements': () => success(announcement()),
      [`GET /api/iam/admin/announcements/${ID}`]: () => success(++reads === 1 ? announcement({ sent: 1 }) : announcement({ state: 'done', sent: 3, skipped: 1, finishedAt: '2026-11-28T10:01:00.000Z' })),
    });
    renderRoute('/admin/email', { auth: AUTH.admin });
    await write();
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(within(preview).getByText('Seed swap')).toBeTruthy();
    expect(within(preview).getByText(/Bring seeds\.\s+Sunday at ten\./)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Review and send' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('Send this to 3 members within 10 km? It cannot be taken back.')).toBeTruthy();
    expect(api.to('POST /api/iam/admin/announcements/count')[0]?.body).toMatchObject({ audience: 'near', latitude: -33.9, longitude: 151.2, radiusKm: 10 });
    expect(api.to('POST /api/iam/admin/announcements')).toHaveLength(0);

    fireEvent.click(within(confirm).getByRole('button', { name: 'Send to 3' }));
    await waitFor(() => expect(api.to('POST /api/iam/admin/announcements')[0]?.body).toMatchObject({ audience: 'near', subject: 'Seed swap', text: 'Bring seeds.\nSunday at ten.' }));
    expect(await screen.findByText('1 sent, 0 skipped so far.')).toBeTruthy();
    expect(await screen.findByText('3 sent, 1 skipped.', undefined, { timeout: 5000 })).toBeTruthy();
  });

  it('cancels from the confirmation without sending, and says why it cannot start while another is sent', async () => {
    const api = serve({
      'POST /api/iam/admin/announcements/count': () => success({ recipients: 2, radiusKm: null }),
      'POST /api/iam/admin/announcements': () => failure(409, 'conflict', 'An announcement is still being sent; wait for it to finish'),
    });
    renderRoute('/admin/email', { auth: AUTH.admin });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Subject' }), { target: { value: 'News' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Message/ }), { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review and send' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('Send this to 2 members? It cannot be taken back.')).toBeTruthy();
    // The question has the focus (the button that asked is gone), and Cancel gives it back.
    expect(document.activeElement).toBe(confirm);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Review and send' }));
    expect(api.to('POST /api/iam/admin/announcements')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Review and send' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Send to 2' }));
    expect(await screen.findByText('An announcement is still being sent; wait for it to finish')).toBeTruthy();
  });

  it('names what is missing before counting', async () => {
    const api = serve({});
    renderRoute('/admin/email', { auth: AUTH.admin });
    fireEvent.change(await screen.findByRole('combobox', { name: 'Members' }), { target: { value: 'near' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review and send' }));
    expect(await screen.findByText('Latitude must be a number between -90 and 90')).toBeTruthy();
    expect(api.to('POST /api/iam/admin/announcements/count')).toHaveLength(0);
  });
});
