import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth/auth-store';
import { errorOf, press, type } from '@/testing/forms';
import { AUTH, makeUser, renderRoute } from '@/testing/render-route';
import { failure, success } from '@/testing/responses';
import { serve, type Call } from '@/testing/serve';

const TOKEN = 'a'.repeat(43);

const VERIFY = 'POST /api/iam/authn/verifyemailtoken';
const newcomer = () => makeUser({ email_verified: true, registration_complete: false, username: null });
/** The password form (after the link was checked). */
const form = () => screen.findByRole('form', { name: 'Confirm your e-mail address' });
/** As the server answers: the link alone verifies only from the account's own session, else it asks for a password. */
const PASSWORD_NEEDED = () => failure(400, 'invalid_input', 'password is required: the password chosen at sign-up, or a new one if you did not sign up', 'password');
const withPassword = (answer: () => Response) => (call: Call) => (call.body && ('password' in call.body || 'newPassword' in call.body) ? answer() : PASSWORD_NEEDED());
const USED = () => failure(400, 'already_verified', 'This link was used already: the address is verified; sign in', 'token');

describe('/auth/verifyemail', () => {
  it('asks a guest for the password chosen at sign-up (once the link is found good), then is signed in and goes on to registration', async () => {
    const api = serve({ [VERIFY]: withPassword(() => success(newcomer())) });
    const { router } = renderRoute(`/auth/verifyemail?token=${TOKEN}`, { auth: AUTH.guest });
    await form();
    expect(screen.queryByText(/signed in to another account/)).toBeNull();
    expect(api.to(VERIFY).map((c) => c.body)).toEqual([{ token: TOKEN }]);
    press('Confirm and sign in');
    expect(errorOf('Password')).toBe('Password is required');
    expect(api.to(VERIFY)).toHaveLength(1);
    type('Password', 'Green-thumb-2026');
    press('Confirm and sign in');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/register'));
    expect(api.to(VERIFY).map((c) => c.body)).toEqual([{ token: TOKEN }, { token: TOKEN, password: 'Green-thumb-2026' }]);
    expect(authStore.get()).toMatchObject({ loggedIn: true, user: { email_verified: true, csrf_token: 'csrf-123' } });
  });

  it('shows a wrong password beside the field and keeps the form', async () => {
    serve({ [VERIFY]: () => failure(400, 'invalid_input', 'password is not the one chosen at sign-up', 'password') });
    const { router } = renderRoute(`/auth/verifyemail?token=${TOKEN}`, { auth: AUTH.guest });
    await form();
    type('Password', 'Not-it-2026');
    press('Confirm and sign in');
    await waitFor(() => expect(errorOf('Password')).toBe('Password is not the one chosen at sign-up'));
    expect(router.state.location.pathname).toBe('/auth/verifyemail');
    expect(authStore.get().loggedIn).toBe(false);
  });

  it('"I did not sign up": chooses a new password (typed twice), is signed in and goes on to registration', async () => {
    const api = serve({ [VERIFY]: withPassword(() => success(newcomer())) });
    const { router } = renderRoute(`/auth/verifyemail?token=${TOKEN}`, { auth: AUTH.guest });
    await form();
    press('I did not sign up: choose a password');
    await screen.findByRole('heading', { level: 1, name: 'Choose a password' });
    expect(screen.getByText(/their password stops working/)).toBeTruthy();
    type('New password', 'Mine-all-mine-2026');
    type('Repeat the new password', 'Mine-all-mine-2025');
    press('Set my password and sign in');
    expect(errorOf('Repeat the new password')).toBe('The two passwords differ; type the same password twice');
    expect(api.to(VERIFY)).toHaveLength(1);
    type('Repeat the new password', 'Mine-all-mine-2026');
    press('Set my password and sign in');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/register'));
    expect(api.to(VERIFY).map((c) => c.body)).toEqual([{ token: TOKEN }, { token: TOKEN, newPassword: 'Mine-all-mine-2026' }]);
    expect(authStore.get().user?.email_verified).toBe(true);
  });

  it('a weak new password is shown beside its field', async () => {
    serve({ [VERIFY]: withPassword(() => failure(400, 'invalid_input', 'newPassword is too common; choose something harder to guess', 'newPassword')) });
    renderRoute(`/auth/verifyemail?token=${TOKEN}`, { auth: AUTH.guest });
    await form();
    press('I did not sign up: choose a password');
    type('New password', 'password1');
    type('Repeat the new password', 'password1');
    press('Set my password and sign in');
    await waitFor(() => expect(errorOf('New password')).toBe('New password is too common; choose something harder to guess'));
  });

  it('a browser signed in to the account verifies with the link alone, once, and goes on to registration', async () => {
    const api = serve({ [VERIFY]: () => success(newcomer()) });
    const { router } = renderRoute(`/auth/verifyemail?token=${TOKEN}`, { auth: AUTH.unverified });
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/register'));
    expect(api.to(VERIFY).map((c) => c.body)).toEqual([{ token: TOKEN, csrf_token: 'csrf-123' }]);
    expect(authStore.get().user?.email_verified).toBe(true);
  });

  it('a browser signed in to another account is asked for the password', async () => {
    const api = serve({ [VERIFY]: () => failure(400, 'invalid_input', 'password is required', 'password') });
    renderRoute(`/auth/verifyemail?token=${TOKEN}`, { auth: AUTH.member });
    expect(await screen.findByText(/signed in to another account/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Confirm and sign in' })).toBeTruthy();
    expect(api.to(VERIFY)).toHaveLength(1);
  });

  it('goes to /auth/verifyfailed when the server refuses the token, before asking for a password', async () => {
    const api = serve({ [VERIFY]: () => failure(400, 'invalid_token', 'This link has expired', 'token') });
    const { router } = renderRoute(`/auth/verifyemail?token=${TOKEN}`, { auth: AUTH.guest });
    expect(await screen.findByRole('heading', { level: 1, name: 'Verification failed' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/verifyfailed');
    expect(api.to(VERIFY).map((c) => c.body)).toEqual([{ token: TOKEN }]);
  });

  it('a reopened link says at once that the address is already verified, and offers a guest to sign in', async () => {
    const api = serve({ [VERIFY]: USED });
    const { router } = renderRoute(`/auth/verifyemail?token=${TOKEN}`, { auth: AUTH.guest });
    expect(await screen.findByRole('heading', { level: 1, name: 'E-mail verified' })).toBeTruthy();
    expect(screen.getByText('This address is already verified. Sign in with your password to go on.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/verifysuccessful');
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(screen.queryByText(/choose a username/)).toBeNull();
    expect(api.to(VERIFY).map((c) => c.body)).toEqual([{ token: TOKEN }]);
    expect(screen.getByRole('link', { name: 'Sign in to continue' }).getAttribute('href')).toBe('/auth/login?redirect=%2Fauth%2Fregister');
  });

  it('a link reopened by the newcomer it signed in says so, and leads on to registration', async () => {
    serve({ [VERIFY]: USED });
    renderRoute(`/auth/verifyemail?token=${TOKEN}`, { auth: AUTH.unregistered });
    expect(await screen.findByText('This address is already verified and you are signed in. Next, complete your registration.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Complete your registration' }).getAttribute('href')).toBe('/auth/register');
  });

  it('a link used meanwhile (after the form was shown) says so too', async () => {
    serve({ [VERIFY]: withPassword(USED) });
    const { router } = renderRoute(`/auth/verifyemail?token=${TOKEN}`, { auth: AUTH.guest });
    await form();
    type('Password', 'Green-thumb-2026');
    press('Confirm and sign in');
    expect(await screen.findByText(/^This address is already verified\./)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/verifysuccessful');
  });

  it('goes to /auth/verifyfailed without calling the server when the token is malformed', async () => {
    const api = serve({});
    const { router } = renderRoute('/auth/verifyemail?token=abc', { auth: AUTH.guest });
    await screen.findByRole('heading', { level: 1, name: 'Verification failed' });
    expect(router.state.location.pathname).toBe('/auth/verifyfailed');
    expect(api.to(VERIFY)).toHaveLength(0);
  });

  it('shows a failure to reach the server, and both the check and the password can be sent again', async () => {
    let checks = 0;
    let sends = 0;
    serve({
      [VERIFY]: (call) =>
        call.body && 'password' in call.body ? (++sends === 1 ? failure(503, 'unavailable', 'Try again shortly') : success(newcomer())) : ++checks === 1 ? failure(503, 'unavailable', 'Down for a moment') : PASSWORD_NEEDED(),
    });
    const { router } = renderRoute(`/auth/verifyemail?token=${TOKEN}`, { auth: AUTH.guest });
    expect((await screen.findByRole('alert')).textContent).toContain('Down for a moment');
    press('Try again');
    await form();
    type('Password', 'Green-thumb-2026');
    press('Confirm and sign in');
    expect((await screen.findByRole('alert')).textContent).toContain('Try again shortly');
    expect(router.state.location.pathname).toBe('/auth/verifyemail');
    press('Confirm and sign in');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/register'));
  });
});

describe('/auth/verifysuccessful', () => {
  it('tells a registered member the address is verified, without registration steps', async () => {
    renderRoute('/auth/verifysuccessful', { auth: AUTH.member });
    await screen.findByRole('heading', { level: 1, name: 'E-mail verified' });
    expect(screen.queryByText(/choose a username/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    expect(screen.getByText('Your e-mail address is verified.')).toBeTruthy();
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
