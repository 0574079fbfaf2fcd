import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth/auth-store';
import { errorOf, press, type } from '@/testing/forms';
import { AUTH, makeUser, renderRoute } from '@/testing/render-route';
import { failure, success } from '@/testing/responses';
import { serve } from '@/testing/serve';

const RECORD = '9d1b7c1e-5f7a-4d1e-8a3b-6c2d1e0f9a8b';
const USER = makeUser().uuid;

describe('/auth/sms', () => {
  it('sends a code, confirms it, and marks the phone verified', async () => {
    const api = serve({
      'POST /api/iam/authn/init-phone-and-check': () => success({ unverifiable: false, recordId: RECORD }),
      'PUT /api/iam/authn/confirm-phone-and-record': () => success({ phone_verified: true }),
    });
    renderRoute('/auth/sms', { auth: AUTH.member });
    await screen.findByRole('heading', { level: 1, name: 'Verify your phone' });
    press('Send the code');
    expect(errorOf('Mobile number')).toBe('Mobile number is required');
    type('Mobile number', '+61 412 345 678');
    press('Send the code');
    await screen.findByLabelText('Code from the SMS');
    expect(api.to('POST /api/iam/authn/init-phone-and-check')[0]?.body).toEqual({ phoneNo: '+61412345678', userId: USER, csrf_token: 'csrf-123' });

    type('Code from the SMS', '12345');
    press('Confirm');
    expect(errorOf('Code from the SMS')).toBe('Code from the SMS must be the 6-digit code');
    type('Code from the SMS', '123456');
    press('Confirm');
    expect(await screen.findByText('Your phone is verified')).toBeTruthy();
    expect(api.to('PUT /api/iam/authn/confirm-phone-and-record')[0]?.body).toEqual({
      phoneNo: '+61412345678',
      userId: USER,
      recordId: RECORD,
      code: '123456',
      csrf_token: 'csrf-123',
    });
    expect(authStore.get().user?.phone_verified).toBe(true);
  });

  it('says when a number cannot be verified', async () => {
    serve({ 'POST /api/iam/authn/init-phone-and-check': () => success({ unverifiable: true, recordId: '' }) });
    renderRoute('/auth/sms', { auth: AUTH.member });
    await screen.findByRole('heading', { level: 1, name: 'Verify your phone' });
    type('Mobile number', '+1 555 0100');
    press('Send the code');
    expect(await screen.findByText('We cannot verify this number')).toBeTruthy();
    expect(screen.queryByLabelText('Code from the SMS')).toBeNull();
  });

  it('treats a failed check as unverifiable, but shows field errors beside the field', async () => {
    let answer = () => failure(500, 'server_error', 'Internal error');
    serve({ 'POST /api/iam/authn/init-phone-and-check': () => answer() });
    renderRoute('/auth/sms', { auth: AUTH.member });
    await screen.findByRole('heading', { level: 1, name: 'Verify your phone' });
    type('Mobile number', '+61 400 000 000');
    press('Send the code');
    expect(await screen.findByText('We cannot verify this number', undefined, { timeout: 2000 })).toBeTruthy();
    answer = () => failure(400, 'invalid_input', 'phoneNo is not a mobile number', 'phoneNo');
    press('Send the code');
    await waitFor(() => expect(errorOf('Mobile number')).toBe('Mobile number is not a mobile number'));
  });

  it('shows why no code can be sent now: an e-mail to verify first, or the day\'s texts used up', async () => {
    let answer = () => failure(403, 'email_unverified', 'Verify your e-mail address before adding a phone number');
    serve({ 'POST /api/iam/authn/init-phone-and-check': () => answer() });
    renderRoute('/auth/sms', { auth: AUTH.member });
    await screen.findByRole('heading', { level: 1, name: 'Verify your phone' });
    type('Mobile number', '+61 400 000 000');
    press('Send the code');
    expect(await screen.findByText('Verify your e-mail address before adding a phone number')).toBeTruthy();
    expect(screen.queryByText('We cannot verify this number')).toBeNull();
    answer = () => failure(503, 'sms_budget_exhausted', 'The site has sent all the text messages it may send today; try again tomorrow');
    press('Send the code');
    expect(await screen.findByText('The site has sent all the text messages it may send today; try again tomorrow')).toBeTruthy();
    expect(screen.queryByText('We cannot verify this number')).toBeNull();
  });

  it('shows a wrong code beside the code', async () => {
    serve({
      'POST /api/iam/authn/init-phone-and-check': () => success({ unverifiable: false, recordId: RECORD }),
      'PUT /api/iam/authn/confirm-phone-and-record': () => failure(400, 'invalid_input', 'code does not match', 'code'),
    });
    renderRoute('/auth/sms', { auth: AUTH.member });
    await screen.findByRole('heading', { level: 1, name: 'Verify your phone' });
    type('Mobile number', '+61412345678');
    press('Send the code');
    await screen.findByLabelText('Code from the SMS');
    type('Code from the SMS', '654321');
    press('Confirm');
    await waitFor(() => expect(errorOf('Code from the SMS')).toBe('Code from the SMS does not match'));
  });
});
