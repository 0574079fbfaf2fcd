import { describe, expect, it } from 'vitest';
import { loginInput, registerInput, signupInput } from '@shared/schemas/auth';
import { ApiError } from '@/lib/api';
import { checkInput } from './check-input';
import { describeFailure, failureMessage, formatWait, labelServerMessage } from './messages';

const LABELS = { email: 'E-mail', password: 'Password', invite: 'Invite' };

describe('client-side messages from the shared schemas', () => {
  it('names the field and the rule', () => {
    const r = checkInput(signupInput, { email: 'fern@', password: 'short' }, LABELS);
    expect(r).toEqual({
      ok: false,
      errors: {
        email: 'E-mail must be an e-mail address such as name@example.com',
        password: 'Password must be at least 8 characters',
      },
    });
  });

  it('says "is required" for an empty field', () => {
    const r = checkInput(loginInput, { email: '  ', password: '' }, LABELS);
    expect(r).toEqual({ ok: false, errors: { email: 'E-mail is required', password: 'Password is required' } });
  });

  it('answers the schema output (trimmed, lower-cased) when valid', () => {
    expect(checkInput(loginInput, { email: ' Fern@Example.COM ', password: 'x' }, LABELS)).toEqual({
      ok: true,
      data: { email: 'fern@example.com', password: 'x' },
    });
  });

  it('puts errors inside an array on the field itself', () => {
    const r = checkInput(registerInput, { username: 'fern_fan', first_name: 'A', last_name: 'B', motivations: ['nope'], suburb_city: 'x', state: 'y', country: 'z', latitude: 1, longitude: 2 }, { motivations: 'Motivations' });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.errors.motivations).toMatch(/^Motivations must be among/);
  });
});

describe('server failures', () => {
  it('puts a field error beside the field, with the form label', () => {
    const err = new ApiError(400, 'invalid_input', 'password is too common', 'password');
    expect(describeFailure(err, LABELS)).toEqual({ fields: { password: 'Password is too common' }, alert: null });
  });

  it('puts an error on a field the form lacks in the alert', () => {
    const err = new ApiError(400, 'invalid_input', 'csrf is odd', 'csrf');
    expect(describeFailure(err, LABELS)).toEqual({ fields: {}, alert: 'csrf is odd' });
  });

  it('tells how long to wait after a 429', () => {
    expect(failureMessage(new ApiError(429, 'too_many_requests', 'Too many attempts', undefined, 300))).toBe(
      'Too many attempts. You can try again in 5 minutes.',
    );
    expect(formatWait(1)).toBe('1 second');
    expect(formatWait(7200)).toBe('about 2 hours');
  });

  it('hides what is not an API error', () => {
    expect(failureMessage(new TypeError('x is undefined'))).toMatch(/Something went wrong/);
  });

  it('keeps a message that does not start with the field name', () => {
    expect(labelServerMessage('username', 'This username is taken; choose another', 'Username')).toBe('This username is taken; choose another');
  });
});
