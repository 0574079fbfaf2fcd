import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth/auth-store';
import { errorOf, press, type } from '@/testing/forms';
import { AUTH, renderRoute } from '@/testing/render-route';
import { failure, success } from '@/testing/responses';
import { serve } from '@/testing/serve';

const TOKEN = 'Zx9_-'.repeat(8) + 'abc';

describe('/auth/reset without a token', () => {
  it('asks for a link and answers the same for any address', async () => {
    const api = serve({ 'POST /api/iam/authn/reset': () => success({ sent: true }) });
    renderRoute('/auth/reset', { auth: AUTH.guest });
    await screen.findByRole('heading', { level: 1, name: 'Reset your password' });
    type('E-mail', 'nobody@');
    press('E-mail me a reset link');
    expect(errorOf('E-mail')).toMatch(/^E-mail must be an e-mail address/);
    type('E-mail', 'Nobody@Example.com');
    press('E-mail me a reset link');
    expect((await screen.findByRole('status')).textContent).toContain('If nobody@example.com has an account');
    expect(api.to('POST /api/iam/authn/reset')[0]?.body).toEqual({ email: 'nobody@example.com' });
  });
});

describe('/auth/reset?token=…', () => {
  it('checks the token, then sets the new password and signs this browser out', async () => {
    const api = serve({
      'POST /api/iam/pwreset/verify': () => success({ valid: true }),
      'PUT /api/iam/pwreset/update': () => success({ updated: true }),
    });
    renderRoute(`/auth/reset?token=${TOKEN}`, { auth: AUTH.member });
    await screen.findByLabelText('New password');
    expect(api.to('POST /api/iam/pwreset/verify')[0]?.body).toMatchObject({ token: TOKEN });

    type('New password', 'short');
    press('Save the new password');
    expect(errorOf('New password')).toBe('New password must be at least 8 characters');

    type('New password', 'a much better password');
    type('Repeat the new password', 'a much better passwrod');
    press('Save the new password');
    expect(errorOf('Repeat the new password')).toMatch(/differ/);
    expect(api.to('PUT /api/iam/pwreset/update')).toHaveLength(0);

    type('Repeat the new password', 'a much better password');
    press('Save the new password');
    expect(await screen.findByText('Your password is changed')).toBeTruthy();
    expect(api.to('PUT /api/iam/pwreset/update')[0]?.body).toEqual({ token: TOKEN, password: 'a much better password', csrf_token: 'csrf-123' });
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/auth/login');
    expect(authStore.get()).toMatchObject({ loggedIn: false, user: null });
  });

  it("shows the server's password rule beside the field", async () => {
    serve({
      'POST /api/iam/pwreset/verify': () => success({ valid: true }),
      'PUT /api/iam/pwreset/update': () => failure(400, 'invalid_input', 'password is too common', 'password'),
    });
    renderRoute(`/auth/reset?token=${TOKEN}`, { auth: AUTH.guest });
    await screen.findByLabelText('New password');
    type('New password', 'password123');
    type('Repeat the new password', 'password123');
    press('Save the new password');
    await waitFor(() => expect(errorOf('New password')).toBe('New password is too common'));
  });

  it.each([
    [400, 'invalid_token'],
    [404, 'not_found'],
  ])('says the link expired when the check answers %i', async (status, code) => {
    serve({ 'POST /api/iam/pwreset/verify': () => failure(status, code, 'Unknown or expired token') });
    renderRoute(`/auth/reset?token=${TOKEN}`, { auth: AUTH.guest });
    expect((await screen.findByRole('alert')).textContent).toContain('This link has expired or was already used');
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/auth/reset');
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it('says the link expired for a malformed token without asking the server', async () => {
    const api = serve({});
    renderRoute('/auth/reset?token=short', { auth: AUTH.guest });
    expect((await screen.findByRole('alert')).textContent).toContain('expired');
    expect(api.to('POST /api/iam/pwreset/verify')).toHaveLength(0);
  });

  it('goes back to the request form from the expired message', async () => {
    serve({ 'POST /api/iam/pwreset/verify': () => failure(404, 'not_found', 'Unknown token') });
    renderRoute(`/auth/reset?token=${TOKEN}`, { auth: AUTH.guest });
    const link = await screen.findByRole('link', { name: 'Request a new link' });
    link.click();
    expect(await screen.findByRole('button', { name: 'E-mail me a reset link' })).toBeTruthy();
  });
});
