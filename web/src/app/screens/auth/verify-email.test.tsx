import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/features/auth/auth-store';
import { errorOf, press, type } from '@/testing/forms';
import { AUTH, makeUser, renderRoute } from '@/testing/render-route';
import { failure, success } from '@/testing/responses';
import { serve } from '@/testing/serve';

const TOKEN = 'a'.repeat(43);

describe('/auth/verifyemail', () => {
  it('posts the token once and goes to /auth/verifysuccessful', async () => {
    const api = serve({ 'POST /api/iam/authn/verifyemailtoken': () => success({ verified: true }) });
    const { router } = renderRoute(`/auth/verifyemail?token=${TOKEN}`, { auth: AUTH.guest });
    expect(await screen.findByRole('heading', { level: 1, name: 'E-mail verified' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/verifysuccessful');
    expect(api.to('POST /api/iam/authn/verifyemailtoken').map((c) => c.body)).toEqual([{ token: TOKEN }]);
    expect(screen.getByRole('link', { name: 'Sign in to continue' }).getAttribute('href')).toBe('/auth/login?redirect=%2Fauth%2Fregister');
  });

  it('reloads the profile of a signed-in user, then offers registration', async () => {
    const verified = makeUser({ registration_complete: false, username: null });
    const api = serve({
      'POST /api/iam/authn/verifyemailtoken': () => success({ verified: true }),
      'GET /api/iam/authn/profile': () => success(verified),
    });
    renderRoute(`/auth/verifyemail?token=${TOKEN}`, { auth: AUTH.unverified });
    expect(await screen.findByRole('link', { name: 'Complete your registration' })).toBeTruthy();
    expect(api.to('POST /api/iam/authn/verifyemailtoken')[0]?.body).toEqual({ token: TOKEN, csrf_token: 'csrf-123' });
    expect(authStore.get().user?.email_verified).toBe(true);
  });

  it('goes to /auth/verifyfailed when the server refuses the token', async () => {
    serve({ 'POST /api/iam/authn/verifyemailtoken': () => failure(400, 'invalid_token', 'This link has expired') });
    const { router } = renderRoute(`/auth/verifyemail?token=${TOKEN}`, { auth: AUTH.guest });
    expect(await screen.findByRole('heading', { level: 1, name: 'Verification failed' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/verifyfailed');
  });

  it('goes to /auth/verifyfailed without calling the server when the token is malformed', async () => {
    const api = serve({});
    const { router } = renderRoute('/auth/verifyemail?token=abc', { auth: AUTH.guest });
    await screen.findByRole('heading', { level: 1, name: 'Verification failed' });
    expect(router.state.location.pathname).toBe('/auth/verifyfailed');
    expect(api.to('POST /api/iam/authn/verifyemailtoken')).toHaveLength(0);
  });

  it('offers a retry, not "failed", when the server cannot be reached', async () => {
    let attempts = 0;
    serve({
      'POST /api/iam/authn/verifyemailtoken': () => (++attempts === 1 ? failure(503, 'unavailable', 'Try again shortly') : success({ verified: true })),
    });
    const { router } = renderRoute(`/auth/verifyemail?token=${TOKEN}`, { auth: AUTH.guest });
    expect((await screen.findByRole('alert')).textContent).toContain('Try again shortly');
    expect(router.state.location.pathname).toBe('/auth/verifyemail');
    press('Try again');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/verifysuccessful'));
  });
});

describe('/auth/verifyfailed and /auth/verify', () => {
  it('resends the verification e-mail', async () => {
    const api = serve({ 'POST /api/iam/authn/verifyemail': () => success({ sent: true }) });
    renderRoute('/auth/verifyfailed', { auth: AUTH.guest });
    await screen.findByRole('heading', { level: 1, name: 'Verification failed' });
    press('Send a new link');
    expect(errorOf('E-mail')).toBe('E-mail is required');
    type('E-mail', 'fern@example.com');
    press('Send a new link');
    expect((await screen.findByRole('status')).textContent).toContain('fern@example.com');
    expect(api.to('POST /api/iam/authn/verifyemail')[0]?.body).toEqual({ email: 'fern@example.com' });
  });

  it("prefills a signed-in user's address and sends the csrf token", async () => {
    const api = serve({ 'POST /api/iam/authn/verifyemail': () => success({ sent: true }) });
    renderRoute('/auth/verify', { auth: AUTH.unverified });
    await screen.findByRole('heading', { level: 1, name: 'Verify your e-mail' });
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe('fern@example.com');
    press('Send a new link');
    await waitFor(() => expect(api.to('POST /api/iam/authn/verifyemail')).toHaveLength(1));
    expect(api.to('POST /api/iam/authn/verifyemail')[0]?.body).toEqual({ email: 'fern@example.com', csrf_token: 'csrf-123' });
  });
});
