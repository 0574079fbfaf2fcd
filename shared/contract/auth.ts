/** The auth routes' contract. */
import { accountDeleted, authenticationState, loggedOut, mailSent, passwordUpdated, profile as profileAnswer, resetTokenValid, sessionList, sessionRefreshed, sessionsRevoked } from '../answers/auth';
import { deleteAccountInput, emailOnlyInput, loginInput, logoutInput, passwordResetInput, profileUpdateInput, registerInput, sessionIdParam, signupInput, tokenInput, verifyEmailTokenInput } from '../schemas/auth';
import { emptyInput } from '../schemas/common';
import { defineRoute } from './route';

export const signup = defineRoute({
  method: 'POST', path: '/api/iam/authn/signup', access: 'public', csrfExempt: true,
  input: signupInput, output: mailSent,
  errors: { 429: 'past the sign-up limit of the IP' },
  summary: 'Create an account (registration incomplete) and e-mail a verification link; the same answer, and no session, for a known address (whose owner is told, at most once a day). Rate limited per IP (an IPv6 /64).',
});

export const login = defineRoute({
  method: 'POST', path: '/api/iam/authn/login', access: 'public', csrfExempt: true,
  input: loginInput, output: profileAnswer,
  errors: { 401: 'wrong e-mail or password', 429: 'past a login limit (IP, address or account)' },
  summary: 'Sign in: session cookies and the profile (with csrf_token). Wrong password and unknown address answer alike. Rate limited per IP (an IPv6 /64), per address from one IP, and per account from every address (from its 30th failure in an hour, 429 with a wait doubling up to 15 minutes; a password reset clears it).',
});

export const logout = defineRoute({
  method: 'POST', path: '/api/iam/authn/logout', access: 'public', csrfExempt: true,
  input: logoutInput, output: loggedOut,
  summary: 'Revoke this session\'s refresh token and clear the cookies; always 200.',
});

export const isAuthenticated = defineRoute({
  method: 'GET', path: '/api/iam/authn/isauthenticated', access: 'public',
  input: emptyInput, output: authenticationState,
  summary: '{ loggedIn }: whether the request carries a valid access token.',
});

export const refresh = defineRoute({
  method: 'POST', path: '/api/iam/authn/refresh', access: 'public', csrfExempt: true,
  input: emptyInput, output: sessionRefreshed,
  errors: { 401: 'no refresh token, or it was rotated, revoked or has expired' },
  summary: 'Rotate the refresh token and re-issue the access token; reuse of a rotated token revokes the family.',
});

export const profile = defineRoute({
  method: 'GET', path: '/api/iam/authn/profile', access: 'user',
  input: emptyInput, output: profileAnswer,
  summary: 'The signed-in user\'s own profile and account state, with the session\'s csrf_token.',
});

export const updateProfile = defineRoute({
  method: 'PUT', path: '/api/iam/authn/update', access: 'user',
  input: profileUpdateInput, output: profileAnswer,
  errors: { 409: 'the account changed meanwhile' },
  summary: 'Change one\'s own profile: names, bio, motivations, location, avatar (a pending upload, checked after upload; the replaced one is deleted). A change of place moves one\'s plant listings.',
});

export const deleteAccount = defineRoute({
  method: 'DELETE', path: '/api/iam/authn/delete', access: 'self',
  input: deleteAccountInput, output: accountDeleted,
  errors: { 409: 'the only admin of a page: make another member an admin, or delete the page, first; or the account changed meanwhile' },
  summary: 'Delete one\'s account: conversations first, then the account (handle and e-mail freed), then the avatar and every other avatar upload; an e-mail confirms.',
});

export const register = defineRoute({
  method: 'POST', path: '/api/iam/authn/register', access: 'user',
  input: registerInput, output: profileAnswer,
  errors: { 409: 'registration already complete, the username is taken, or the account changed meanwhile' },
  summary: 'Complete registration (verified e-mail needed): username, names, motivations, location.',
});

export const resetRequest = defineRoute({
  method: 'POST', path: '/api/iam/authn/reset', access: 'public', csrfExempt: true,
  input: emailOnlyInput, output: mailSent,
  errors: { 429: 'past the reset-mail limit' },
  summary: 'E-mail a password-reset link (1 h); the same answer, and the same work, whether or not the address exists. Rate limited.',
});

export const resetUpdate = defineRoute({
  method: 'PUT', path: '/api/iam/pwreset/update', access: 'public', csrfExempt: true,
  input: passwordResetInput, output: passwordUpdated,
  errors: { 409: 'the account changed meanwhile' },
  summary: 'Set a new password with a reset token (single use); every session of the account is signed out and its login limit cleared. An account not verified until now is verified, and loses the names, bio, avatar, motivations and place set before.',
});

export const resetVerify = defineRoute({
  method: 'POST', path: '/api/iam/pwreset/verify', access: 'public', csrfExempt: true,
  input: tokenInput, output: resetTokenValid,
  summary: 'Whether a reset token is still valid (it is not used up).',
});

export const verifyReset = defineRoute({
  method: 'POST', path: '/api/iam/authn/verifyreset', access: 'public', csrfExempt: true,
  input: tokenInput, output: resetTokenValid,
  summary: 'Same as /api/iam/pwreset/verify.',
});

export const verifyEmailRequest = defineRoute({
  method: 'POST', path: '/api/iam/authn/verifyemail', access: 'public', csrfExempt: true,
  input: emailOnlyInput, output: mailSent,
  errors: { 429: 'past the verification-mail limit' },
  summary: 'E-mail a new verification link (24 h); the same answer, and the same work, whether or not the address is known. Rate limited.',
});

export const verifyEmailToken = defineRoute({
  method: 'POST', path: '/api/iam/authn/verifyemailtoken', access: 'public', csrfExempt: true,
  input: verifyEmailTokenInput, output: profileAnswer,
  errors: { 409: 'the account changed meanwhile', 429: 'past the login limit of the account (a wrong password counts)' },
  summary: 'Verify the e-mail address with the link\'s token and prove who chose the password: `{ token, password }` (the password chosen at sign-up; a wrong one counts as a failed login of the account) or `{ token, newPassword }` (for whoever holds the mailbox but did not sign up: sets the password, clears the names, bio, avatar, motivations and place set before verification, ends every earlier session). Either signs in, answering as login does. `{ token }` alone verifies only from a live session of the account (its access token is re-issued); otherwise 400 naming `password`. A used link answers 400 `already_verified`.',
});

export const sessionsList = defineRoute({
  method: 'GET', path: '/api/iam/refresh-tokens', access: 'user',
  input: emptyInput, output: sessionList,
  summary: 'The user\'s sessions: device, created, last used, which one is this.',
});

export const sessionsRevokeOthers = defineRoute({
  method: 'DELETE', path: '/api/iam/refresh-tokens', access: 'user',
  input: emptyInput, output: sessionsRevoked,
  summary: 'Sign out every other session.',
});

export const sessionRevoke = defineRoute({
  method: 'DELETE', path: '/api/iam/refresh-tokens/{id}', access: 'self',
  input: sessionIdParam, output: sessionsRevoked,
  errors: { 404: 'no such session of the caller\'s' },
  summary: 'Sign out one of one\'s own sessions (404 for anyone else\'s).',
});
