import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { DEFAULT_USER_SETTINGS } from '@shared/schemas/users';
import { type SessionInfo } from '@shared/answers/auth';
import { authStore } from '@/lib/auth/auth-store';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { errorOf, press } from '@/testing/forms';
import { AUTH, makeUser, renderRoute } from '@/testing/render-route';
import { failure, success } from '@/testing/responses';
import { FakeXHR } from '@/features/compose/testing';
import { serve, type Handler } from '@/testing/serve';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0';
const SESSIONS: SessionInfo[] = [
  { id: '11111111-1111-4111-8111-111111111111', device: CHROME, created_at: '2025-01-01T10:00:00Z', last_used_at: new Date().toISOString(), current: true },
  { id: '22222222-2222-4222-8222-222222222222', device: IPHONE, created_at: '2025-02-01T10:00:00Z', last_used_at: '2025-02-03T10:00:00Z', current: false },
  { id: '33333333-3333-4333-8333-333333333333', device: FIREFOX, created_at: '2025-03-01T10:00:00Z', last_used_at: '2025-03-03T10:00:00Z', current: false },
];

function open(routes: Record<string, Handler> = {}, user = makeUser()) {
  const api = serve({
    'GET /api/iam/refresh-tokens': () => success(SESSIONS),
    'GET /api/iam/users/user-settings': () => success({ ...DEFAULT_USER_SETTINGS, calendarFeedUrl: null }),
    'GET /api/iam/export/latest': () => success({ state: 'none' }),
    ...routes,
  });
  const view = renderRoute('/settings', { auth: { loggedIn: true, user } });
  return { ...view, api };
}

const section = (name: string) => screen.getByRole('region', { name });

describe('/settings: sessions', () => {
  it('lists the devices, marks this one, and signs out another', async () => {
    let list = SESSIONS;
    const { api } = open({
      'GET /api/iam/refresh-tokens': () => success(list),
      [`DELETE /api/iam/refresh-tokens/${SESSIONS[1]!.id}`]: () => {
        list = SESSIONS.filter((s) => s.id !== SESSIONS[1]!.id);
        return success({ revoked: 1 });
      },
    });
    await screen.findByText('Safari on iPhone');
    const sessions = section('Where you are signed in');
    expect(within(sessions).getByText('Chrome on Windows')).toBeTruthy();
    expect(within(sessions).getByText('This device')).toBeTruthy();
    // No sign-out button for the current session.
    expect(within(sessions).queryByRole('button', { name: /^Sign out Chrome on Windows/ })).toBeNull();

    fireEvent.click(within(sessions).getByRole('button', { name: /^Sign out Safari on iPhone/ }));
    expect((await within(sessions).findByRole('status')).textContent).toContain('Signed out Safari on iPhone');
    const call = api.to(`DELETE /api/iam/refresh-tokens/${SESSIONS[1]!.id}`)[0];
    expect(call?.body).toEqual({ csrf_token: 'csrf-123' });
    await waitFor(() => expect(within(sessions).queryByText('Safari on iPhone')).toBeNull());
  });

  it('signs out all other sessions', async () => {
    let list = SESSIONS;
    const { api } = open({
      'GET /api/iam/refresh-tokens': () => success(list),
      'DELETE /api/iam/refresh-tokens': () => {
        list = SESSIONS.filter((s) => s.current);
        return success({ revoked: 2 });
      },
    });
    await screen.findByText('Safari on iPhone');
    press('Sign out all other sessions');
    const sessions = section('Where you are signed in');
    expect((await within(sessions).findByRole('status')).textContent).toContain('Signed out 2 other sessions.');
    expect(api.to('DELETE /api/iam/refresh-tokens')[0]?.body).toEqual({ csrf_token: 'csrf-123' });
    await waitFor(() => expect(within(sessions).queryByText('Firefox on Linux')).toBeNull());
    expect((within(sessions).getByRole('button', { name: 'Sign out all other sessions' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows a failed revoke in the alert', async () => {
    open({ [`DELETE /api/iam/refresh-tokens/${SESSIONS[2]!.id}`]: () => failure(403, 'forbidden', 'Sign in again to do this') });
    await screen.findByText('Firefox on Linux');
    fireEvent.click(screen.getByRole('button', { name: /^Sign out Firefox on Linux/ }));
    expect((await within(section('Where you are signed in')).findByRole('alert')).textContent).toContain('Sign in again to do this');
  });
});

describe('/settings: delete account', () => {
  it('works only once the username is typed, then clears everything and ends on a screen that says it is done', async () => {
    localStorage.setItem(STORAGE_KEYS.location, '{"lat":1}');
    const { api, router } = open({
      'DELETE /api/iam/authn/delete': () => success({ deleted: true }),
      'POST /api/iam/authn/logout': () => success(null),
    });
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    press('Delete my account…');
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete my account' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Your username'));
    fireEvent.change(within(dialog).getByLabelText('Your username'), { target: { value: 'fern_fa' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.submit(confirm.form!);
    expect(api.to('DELETE /api/iam/authn/delete')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('Your username'), { target: { value: 'fern_fan' } });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/account-deleted'));
    expect(api.to('DELETE /api/iam/authn/delete')[0]?.body).toEqual({ uuid: makeUser().uuid, csrf_token: 'csrf-123' });
    expect(authStore.get()).toMatchObject({ loggedIn: false, user: null });
    expect(localStorage.getItem(STORAGE_KEYS.location)).toBeNull();
    expect(await screen.findByRole('heading', { level: 1, name: 'Account deleted' })).toBeTruthy();
    expect(screen.getByText('Your account has been deleted. Thank you for growing with us.')).toBeTruthy();
    expect(document.title).toMatch(/^Account deleted/);
    fireEvent.click(screen.getByRole('link', { name: 'Go to the home page' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('asks for the e-mail address when there is no username, and Escape closes the dialog', async () => {
    open({}, makeUser({ username: null }));
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    press('Delete my account…');
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Your e-mail address'), { target: { value: 'FERN@example.com' } });
    expect((within(dialog).getByRole('button', { name: 'Delete my account' }) as HTMLButtonElement).disabled).toBe(false);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps the user signed in when the deletion fails', async () => {
    open({ 'DELETE /api/iam/authn/delete': () => failure(403, 'forbidden', 'Your session is too old; sign in again') });
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    press('Delete my account…');
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Your username'), { target: { value: 'fern_fan' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Your session is too old');
    expect(authStore.get().loggedIn).toBe(true);
  });
});

describe('/settings: profile', () => {
  it('sends only what changed and keeps the answer', async () => {
    const { api } = open({ 'PUT /api/iam/authn/update': (c) => success(makeUser({ ...(c.body as object), bio: 'Ferns!' })) });
    const profile = await screen.findByRole('region', { name: 'Profile' });
    press('Save profile');
    expect(within(profile).getByText('Nothing has changed.')).toBeTruthy();
    fireEvent.change(within(profile).getByLabelText(/About you/), { target: { value: 'Ferns!' } });
    fireEvent.change(within(profile).getByLabelText('Last name'), { target: { value: '' } });
    press('Save profile');
    expect(errorOf('Last name')).toBe('Last name is required');
    fireEvent.change(within(profile).getByLabelText('Last name'), { target: { value: 'Gully ' } });
    press('Save profile');
    expect(await within(profile).findByText('Your profile is saved.')).toBeTruthy();
    expect(api.to('PUT /api/iam/authn/update')[0]?.body).toEqual({ bio: 'Ferns!', csrf_token: 'csrf-123' });
    expect(authStore.get().user?.bio).toBe('Ferns!');
  });

  it("shows the server's field error beside the field", async () => {
    open({ 'PUT /api/iam/authn/update': () => failure(400, 'invalid_input', 'first_name must be letters, spaces, apostrophes or hyphens', 'first_name') });
    const profile = await screen.findByRole('region', { name: 'Profile' });
    fireEvent.change(within(profile).getByLabelText('First name'), { target: { value: 'Ann' } });
    press('Save profile');
    await waitFor(() => expect(errorOf('First name')).toBe('First name must be letters, spaces, apostrophes or hyphens'));
  });
});

describe('/settings: password and preferences', () => {
  it('e-mails a reset link to the own address', async () => {
    const { api } = open({ 'POST /api/iam/authn/reset': () => success({ sent: true }) });
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    press('E-mail me a reset link');
    expect((await within(section('Password')).findByRole('status')).textContent).toContain('fern@example.com');
    expect(api.to('POST /api/iam/authn/reset')[0]?.body).toEqual({ email: 'fern@example.com', csrf_token: 'csrf-123' });
  });

  it('saves only the changed preferences', async () => {
    const { api } = open({ 'PUT /api/iam/users/update-user-settings': (c) => success({ ...DEFAULT_USER_SETTINGS, ...(c.body as object) }) });
    const prefs = await screen.findByRole('region', { name: 'Notifications and privacy' });
    const save = (await within(prefs).findByRole('button', { name: 'Save settings' })) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.click(within(prefs).getByLabelText('New private messages'));
    fireEvent.change(within(prefs).getByLabelText('Nearby means within'), { target: { value: '50' } });
    fireEvent.click(within(prefs).getByLabelText('Imperial (miles)'));
    fireEvent.click(save);
    expect(await within(prefs).findByText('Your settings are saved.')).toBeTruthy();
    expect(api.to('PUT /api/iam/users/update-user-settings')[0]?.body).toEqual({
      notify_email_messages: false,
      nearby_radius_km: 50,
      units: 'imperial',
      csrf_token: 'csrf-123',
    });
  });

  it("says so when the settings cannot be loaded", async () => {
    open({ 'GET /api/iam/users/user-settings': () => failure(404, 'not_found', 'Not found') });
    const prefs = await screen.findByRole('region', { name: 'Notifications and privacy' });
    expect((await within(prefs).findByRole('alert')).textContent).toContain('Could not load user settings');
  });
});

describe('/settings: avatar', () => {
  const file = (type: string, size: number) => new File([new Uint8Array(size)], 'me.img', { type });

  it('refuses other types and big files before asking the server', async () => {
    const { api } = open();
    const photo = await screen.findByRole('region', { name: 'Profile photo' });
    const input = within(photo).getByLabelText('Choose a photo');
    fireEvent.change(input, { target: { files: [file('image/gif', 10)] } });
    expect(errorOf('Choose a photo')).toBe('Choose a JPEG, PNG or WebP image.');
    fireEvent.change(input, { target: { files: [file('image/png', 5 * 1024 * 1024 + 1)] } });
    expect(errorOf('Choose a photo')).toMatch(/limit is 5 MB/);
    expect(within(photo).queryByRole('button', { name: 'Upload photo' })).toBeNull();
    expect(api.to('POST /api/iam/images/avatar-upload')).toHaveLength(0);
  });

  it('previews, uploads with progress, then saves the key on the profile', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXHR);
    const createObjectURL = vi.fn(() => 'blob:preview');
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    onTestFinished(() => {
      FakeXHR.all = [];
    });
    const key = 'images/avatars/6f1c1f7e-3c1b-4a7e-9d55-0c9f0c2d4a11/0b6f2f8e-8a4c-4c1e-9f57-2d8c1c7f3a10.png';
    const { api } = open({
      'POST /api/iam/images/avatar-upload': () => success({ url: 'http://localhost:4569/images/x?sig=1', key, headers: { 'content-type': 'image/png' } }),
      'PUT /api/iam/authn/update': () => success(makeUser({ avatar: key })),
    });
    const photo = await screen.findByRole('region', { name: 'Profile photo' });
    fireEvent.change(within(photo).getByLabelText('Choose a photo'), { target: { files: [file('image/png', 2048)] } });
    expect((within(photo).getByRole('img', { name: 'Preview of your new photo' }) as HTMLImageElement).getAttribute('src')).toBe('blob:preview');
    press('Upload photo');

    await waitFor(() => expect(FakeXHR.all.at(-1)?.body).toBeTruthy());
    expect(api.to('POST /api/iam/images/avatar-upload')[0]?.body).toEqual({ contentType: 'image/png', size: 2048, csrf_token: 'csrf-123' });
    const xhr = FakeXHR.all.at(-1)!;
    expect(xhr).toMatchObject({ method: 'PUT', url: 'http://localhost:4569/images/x?sig=1', headers: { 'content-type': 'image/png' } });
    act(() => xhr.upload.onprogress?.({ lengthComputable: true, loaded: 1024, total: 2048 }));
    expect(within(photo).getByText('Uploading… 50%')).toBeTruthy();
    expect((within(photo).getByRole('progressbar') as HTMLProgressElement).value).toBe(50);
    act(() => {
      xhr.status = 200;
      xhr.onload?.();
    });
    expect(await within(photo).findByText('Your new photo is saved.')).toBeTruthy();
    expect(api.to('PUT /api/iam/authn/update')[0]?.body).toEqual({ avatar: key, csrf_token: 'csrf-123' });
    expect(authStore.get().user?.avatar).toBe(key);
    expect(within(photo).getByRole('img', { name: 'Your profile photo' }).getAttribute('src')).toBe(`/${key}`);
  });
});

describe('/settings guard', () => {
  it('is for registered members only', async () => {
    serve({});
    const { router } = renderRoute('/settings', { auth: AUTH.unregistered });
    await screen.findByRole('heading', { level: 1, name: 'Complete your registration' });
    expect(router.state.location.pathname).toBe('/auth/register');
  });
});

describe('/settings: calendar', () => {
  it('makes the private feed address, offers to subscribe and copy it, and replaces it only after a confirmation', async () => {
    let n = 0;
    const url = () => `http://localhost/api/ics/${String(n).repeat(43).slice(0, 43)}`;
    const { api } = open({ 'POST /api/iam/events/ics-token': () => ((n += 1), success({ url: url() })) });
    const calendar = await screen.findByRole('region', { name: 'Calendar' });
    fireEvent.click(await within(calendar).findByRole('button', { name: 'Make my calendar address' }));
    const subscribe = await within(calendar).findByRole('link', { name: 'Subscribe in your calendar' });
    expect(subscribe.getAttribute('href')).toBe(url().replace('http:', 'webcal:'));
    expect((within(calendar).getByRole('textbox', { name: 'Your calendar address' }) as HTMLInputElement).value).toBe(url());
    fireEvent.click(within(calendar).getByRole('button', { name: 'Make a new address' }));
    expect(within(calendar).getByRole('alert').textContent).toMatch(/stops working/);
    expect(api.to('POST /api/iam/events/ics-token')).toHaveLength(1);
    fireEvent.click(within(within(calendar).getByRole('alert')).getByRole('button', { name: 'Make a new address' }));
    await waitFor(() => expect(api.to('POST /api/iam/events/ics-token')).toHaveLength(2));
    await waitFor(() => expect(within(calendar).getByRole('link', { name: 'Subscribe in your calendar' }).getAttribute('href')).toBe(url().replace('http:', 'webcal:')));
  });

  it('settings that failed to load offer a retry, never a new address (it would retire one that works)', async () => {
    const url = `http://localhost/api/ics/${'a'.repeat(43)}`;
    let down = true;
    const { api } = open({
      'GET /api/iam/users/user-settings': () => (down ? failure(503, 'unavailable', 'The site is busy; please try again') : success({ ...DEFAULT_USER_SETTINGS, calendarFeedUrl: url })),
      'POST /api/iam/events/ics-token': () => success({ url }),
    });
    const calendar = await screen.findByRole('region', { name: 'Calendar' });
    const alert = await within(calendar).findByRole('alert');
    expect(within(calendar).queryByRole('button', { name: 'Make my calendar address' })).toBeNull();
    expect(alert.textContent).toMatch(/Could not load your calendar address/);
    expect(within(calendar).queryByRole('button', { name: 'Make a new address' })).toBeNull();
    down = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    const subscribe = await within(calendar).findByRole('link', { name: 'Subscribe in your calendar' });
    expect(subscribe.getAttribute('href')).toBe(url.replace('http:', 'webcal:'));
    expect(api.to('POST /api/iam/events/ics-token')).toHaveLength(0);
  });
});

describe('/settings: blocked members', () => {
  const blocked = { user: { uuid: '44444444-4444-4444-8444-444444444444', username: 'noisy_neighbour', avatar: null }, createdAt: '2026-11-20T10:00:00Z' };

  it('lists the members the user blocks and unblocks one', async () => {
    let list = [blocked];
    const { api } = open({
      'GET /api/iam/blocks': () => success({ blocks: list, cursorId: null }),
      [`DELETE /api/iam/blocks/${blocked.user.uuid}`]: () => {
        list = [];
        return success({ blocked: false });
      },
    });
    const blocks = await screen.findByRole('region', { name: 'Blocked members' });
    await within(blocks).findByText('@noisy_neighbour');
    fireEvent.click(within(blocks).getByRole('button', { name: 'Unblock' }));
    await within(blocks).findByText('You block nobody.');
    expect(api.to(`DELETE /api/iam/blocks/${blocked.user.uuid}`)[0]?.body).toEqual({ csrf_token: 'csrf-123' });
  });

  it('says so when the list cannot be loaded', async () => {
    open({ 'GET /api/iam/blocks': () => failure(503, 'unavailable', 'Busy; try again shortly') });
    const blocks = await screen.findByRole('region', { name: 'Blocked members' });
    await within(blocks).findByText('Could not load blocked members');
  });
});

describe('/settings: your data', () => {
  it('starts an export, shows its progress, then a download link and the day the file goes', async () => {
    const answers = [
      { state: 'running', progress: 0.5, requestedAt: '2026-11-29T10:00:00Z' },
      { state: 'ready', url: 'https://bucket.example/private/exports/x.zip?X-Amz-Expires=900', readyAt: '2026-11-29T10:01:00Z', expiresAt: '2026-12-06T10:01:00Z', bytes: 3 * 1024 * 1024, nextAllowedAt: '2026-11-30T10:00:00Z' },
    ];
    let started = false;
    const { api } = open({
      'GET /api/iam/export/latest': () => success(started ? (answers.length > 1 ? answers.shift()! : answers[0]!) : { state: 'none' }),
      'POST /api/iam/export/new': () => {
        started = true;
        return success({ state: 'pending', progress: 0, requestedAt: '2026-11-29T10:00:00Z' }, 202);
      },
    });
    const data = await screen.findByRole('region', { name: 'Your data' });
    fireEvent.click(await within(data).findByRole('button', { name: 'Export my data' }));
    const bar = await within(data).findByRole('progressbar', { name: /Preparing your file/ });
    expect(bar).toBeTruthy();
    expect(api.to('POST /api/iam/export/new')[0]?.body).toEqual({ csrf_token: 'csrf-123' });
    await within(data).findByText('50% done', {}, { timeout: 4000 });
    const link = await within(data).findByRole('link', { name: 'Download your data' }, { timeout: 4000 });
    expect(link.getAttribute('href')).toBe(answers[0]!.url);
    expect(data.textContent).toContain('3.0 MB');
    expect(data.textContent).toMatch(/One export a day: you can make a new file after/);
    expect(within(data).queryByRole('button', { name: /Export my data|Make a new file/ })).toBeNull();
  }, 15_000);

  it('says why a start was refused, and offers a new start after a failed one', async () => {
    open({
      'GET /api/iam/export/latest': () => success({ state: 'failed', requestedAt: '2026-11-29T10:00:00Z' }),
      'POST /api/iam/export/new': () => failure(429, 'too_many_requests', 'One export a day: the next may start at 2026-11-30T10:00:00.000Z'),
    });
    const data = await screen.findByRole('region', { name: 'Your data' });
    expect((await within(data).findByRole('alert')).textContent).toContain('did not finish');
    fireEvent.click(within(data).getByRole('button', { name: 'Export my data' }));
    await within(data).findByText(/One export a day: the next may start/);
  });
});
