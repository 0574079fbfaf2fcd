import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AUTH, renderRoute } from '@/testing/render-route';
import { failure, success } from '@/testing/responses';
import { serve } from '@/testing/serve';

const rules = (over: Record<string, unknown> = {}) =>
  success({
    kinds: [
      { kind: 'contact', subject: { min: 1, max: 120 }, message: { min: 1, max: 5000 }, targetPath: { required: false, max: 300 } },
      { kind: 'report', subject: { min: 1, max: 120 }, message: { min: 1, max: 5000 }, targetPath: { required: true, max: 300 } },
    ],
    canSend: true, left: 5, resetsInSeconds: 3600, ...over,
  });

describe('/support/contact', () => {
  it('asks a guest to sign in, coming back here afterwards, and asks the server nothing', async () => {
    const api = serve({});
    renderRoute('/support/contact', { auth: AUTH.guest });
    const article = (await screen.findByRole('heading', { level: 1, name: 'Contact the admins' })).closest('article')!;
    const signIn = within(article).getByRole('link', { name: 'Sign in' });
    expect(signIn.getAttribute('href')).toBe('/auth/login?redirect=%2Fsupport%2Fcontact');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(api.to('GET /api/iam/forms/validate')).toHaveLength(0);
  });

  it('sends a contact form with the limits the server gives, keeps one id across a retry, then says Sent', async () => {
    let first = true;
    const api = serve({
      'GET /api/iam/forms/validate': () => rules(),
      'POST /api/iam/forms/new': (call) => {
        if (first) return (first = false), failure(400, 'validation_failed', 'subject must be at most 120 characters', 'subject');
        return success({ id: (call.body as { id: string }).id, kind: 'contact', createdAt: new Date().toISOString() }, 201);
      },
    });
    renderRoute('/support/contact', { auth: AUTH.member });
    const subject = await screen.findByRole('textbox', { name: 'Subject' });
    expect(subject.getAttribute('maxlength')).toBe('120');
    fireEvent.change(subject, { target: { value: '  Wrong place on my page  ' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Message/ }), { target: { value: 'The map shows Newtown.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(/Subject must be at most 120 characters/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Sent')).toBeTruthy();
    const sent = api.to('POST /api/iam/forms/new').map((c) => c.body as Record<string, unknown>);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatchObject({ kind: 'contact', subject: 'Wrong place on my page', message: 'The map shows Newtown.' });
    expect(sent[1]!.id).toBe(sent[0]!.id);
  });

  it('says when the hourly limit is reached instead of offering the form', async () => {
    serve({ 'GET /api/iam/forms/validate': () => rules({ canSend: false, left: 0, resetsInSeconds: 900 }) });
    renderRoute('/support/contact', { auth: AUTH.member });
    expect(await screen.findByText(/Try again in 15 minutes/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
  });

  it('shows a failure to load the limits with a way to try again', async () => {
    let fail = true;
    serve({ 'GET /api/iam/forms/validate': () => (fail ? failure(500, 'internal', 'Something broke') : rules()) });
    renderRoute('/support/contact', { auth: AUTH.member });
    const again = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByText('Could not load the contact form')).toBeTruthy();
    fail = false;
    fireEvent.click(again);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Subject' })).toBeTruthy());
  });

  it('is linked from the site footer', async () => {
    serve({});
    renderRoute('/support/contact', { auth: AUTH.guest });
    const footer = await screen.findByRole('navigation', { name: 'Site' });
    expect(footer.querySelector('a[href="/support/contact"]')?.textContent).toBe('Contact');
  });
});
