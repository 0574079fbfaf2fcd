import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorOf, press, type } from '@/testing/forms';
import { AUTH, renderRoute } from '@/testing/render-route';
import { failure, success } from '@/testing/responses';
import { serve } from '@/testing/serve';

const INVITE = '0b6f2f8e-8a4c-4c1e-9f57-2d8c1c7f3a10';
const heading = () => screen.findByRole('heading', { level: 1, name: 'Create an account' });

describe('/auth/signup', () => {
  it('checks e-mail and password length before calling the server', async () => {
    const api = serve({});
    renderRoute('/auth/signup', { auth: AUTH.guest });
    await heading();
    type('E-mail', 'not-an-address');
    type('Password', 'short');
    press('Create account');
    expect(errorOf('E-mail')).toBe('E-mail must be an e-mail address such as name@example.com');
    expect(errorOf('Password')).toBe('Password must be at least 8 characters');
    expect(api.to('POST /api/iam/authn/signup')).toHaveLength(0);
  });

  it('sends e-mail, password and the invite, then says where the link went', async () => {
    const api = serve({ 'POST /api/iam/authn/signup': () => success({ sent: true }) });
    renderRoute(`/auth/signup?invite=${INVITE}`, { auth: AUTH.guest });
    await heading();
    expect(screen.getByText(/joining with an invitation/)).toBeTruthy();
    type('E-mail', 'New@Example.com');
    type('Password', 'a long enough password');
    press('Create account');
    expect((await screen.findByRole('status')).textContent).toContain('Check your inbox: we sent a link to new@example.com');
    expect(api.to('POST /api/iam/authn/signup')[0]?.body).toEqual({ email: 'new@example.com', password: 'a long enough password', invite: INVITE });
    expect(screen.getByRole('link', { name: 'ask for a new verification link' }).getAttribute('href')).toBe('/auth/verify');
  });

  it('leaves out an invite that is not a UUID', async () => {
    const api = serve({ 'POST /api/iam/authn/signup': () => success({ sent: true }) });
    renderRoute('/auth/signup?invite=nope', { auth: AUTH.guest });
    await heading();
    type('E-mail', 'new@example.com');
    type('Password', 'a long enough password');
    press('Create account');
    await waitFor(() => expect(api.to('POST /api/iam/authn/signup')).toHaveLength(1));
    expect(api.to('POST /api/iam/authn/signup')[0]?.body).toEqual({ email: 'new@example.com', password: 'a long enough password' });
  });

  it("shows the server's password error beside the password", async () => {
    serve({ 'POST /api/iam/authn/signup': () => failure(400, 'invalid_input', 'password is too common; choose another', 'password') });
    renderRoute('/auth/signup', { auth: AUTH.guest });
    await heading();
    type('E-mail', 'new@example.com');
    type('Password', 'password1');
    press('Create account');
    await waitFor(() => expect(errorOf('Password')).toBe('Password is too common; choose another'));
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Password')));
  });

  it('shows a refused invite in the alert (the form has no invite field)', async () => {
    serve({ 'POST /api/iam/authn/signup': () => failure(400, 'invalid_input', 'invite is no longer valid; ask for a new link', 'invite') });
    renderRoute(`/auth/signup?invite=${INVITE}`, { auth: AUTH.guest });
    await heading();
    type('E-mail', 'new@example.com');
    type('Password', 'a long enough password');
    press('Create account');
    expect((await screen.findByRole('alert')).textContent).toContain('invite is no longer valid; ask for a new link');
  });

  it('shows a rate limit in the alert', async () => {
    serve({ 'POST /api/iam/authn/signup': () => failure(429, 'too_many_requests', 'Too many sign-ups from here', undefined, { 'retry-after': '30' }) });
    renderRoute('/auth/signup', { auth: AUTH.guest });
    await heading();
    type('E-mail', 'new@example.com');
    type('Password', 'a long enough password');
    press('Create account');
    expect((await screen.findByRole('alert')).textContent).toContain('Too many sign-ups from here. You can try again in 30 seconds.');
  });
});
