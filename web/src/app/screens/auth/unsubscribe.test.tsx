import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { press } from '@/testing/forms';
import { AUTH, renderRoute } from '@/testing/render-route';
import { failure, success } from '@/testing/responses';
import { serve } from '@/testing/serve';

const USER = '0b7e4a52-1c1f-4f3a-9d0e-6a1b2c3d4e5f';
const tokenFor = (setting: string) => `${USER}.${setting}.${'s'.repeat(43)}`;
const TOKEN = tokenFor('notify_email_events');
const POST = `POST /api/unsubscribe/${encodeURIComponent(TOKEN)}`;

const heading = () => screen.findByRole('heading', { level: 1, name: 'Stop e-mails' });

describe('/auth/unsubscribe', () => {
  it('says which e-mails it stops and posts nothing until asked; then posts an empty body, says it is done and links to the settings', async () => {
    const api = serve({ [POST]: () => success({ setting: 'notify_email_events', off: true }) });
    renderRoute(`/auth/unsubscribe?token=${encodeURIComponent(TOKEN)}`, { auth: AUTH.guest });
    await heading();
    expect(screen.getByText('E-mails about events you attend or that are near you.')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    press('Stop these e-mails');
    await screen.findByText('Done: we will not e-mail you about this any more');
    const [call, ...more] = api.to(POST);
    expect(more).toHaveLength(0);
    expect(call!.body).toBeUndefined();
    expect(Object.keys(call!.headers).map((h) => h.toLowerCase())).not.toContain('content-type');
    expect(screen.getByRole('link', { name: 'your settings' }).getAttribute('href')).toBe('/settings');
  });

  it('signed in, still sends no body and no csrf_token (the link works in any browser)', async () => {
    const api = serve({ [POST]: () => success({ setting: 'notify_email_events', off: true }) });
    renderRoute(`/auth/unsubscribe?token=${encodeURIComponent(TOKEN)}`, { auth: AUTH.member });
    await heading();
    press('Stop these e-mails');
    await screen.findByText('Done: we will not e-mail you about this any more');
    expect(api.to(POST).map((c) => c.body)).toEqual([undefined]);
  });

  it('names each setting in plain words', async () => {
    serve({});
    renderRoute(`/auth/unsubscribe?token=${encodeURIComponent(tokenFor('notify_email_messages'))}`, { auth: AUTH.guest });
    await screen.findByText('E-mails about new private messages.');
  });

  it('a token naming no setting we know says the link is not valid, and offers no button', async () => {
    const api = serve({});
    renderRoute(`/auth/unsubscribe?token=${encodeURIComponent(tokenFor('notify_sms_everything'))}`, { auth: AUTH.guest });
    await heading();
    expect(screen.getByRole('alert').textContent).toContain('This link is not valid');
    expect(screen.queryByRole('button', { name: 'Stop these e-mails' })).toBeNull();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('a 404 (a forged or altered token) says the link is not valid', async () => {
    serve({ [POST]: () => failure(404, 'not_found', 'This unsubscribe link is not valid') });
    renderRoute(`/auth/unsubscribe?token=${encodeURIComponent(TOKEN)}`, { auth: AUTH.guest });
    await heading();
    press('Stop these e-mails');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('This link is not valid'));
    expect(screen.queryByText('Done: we will not e-mail you about this any more')).toBeNull();
  });

  it('another failure is shown with the server\'s words, and the button stays for another try', async () => {
    serve({ [POST]: () => failure(503, 'unavailable', 'Busy; try again') });
    renderRoute(`/auth/unsubscribe?token=${encodeURIComponent(TOKEN)}`, { auth: AUTH.guest });
    await heading();
    press('Stop these e-mails');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Could not stop these e-mails'));
    expect(screen.getByRole('button', { name: 'Stop these e-mails' })).toBeTruthy();
  });
});
