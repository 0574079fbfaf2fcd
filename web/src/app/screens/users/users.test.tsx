import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { uuid } from '@/features/content/testing';
import { AUTH, renderRoute } from '@/testing/render-route';
import { success } from '@/testing/responses';
import { serve } from '@/testing/serve';

const person = (n: number, first: string, last: string) => ({
  uuid: uuid(n), username: `${first.toLowerCase()}_${n}`, first_name: first, last_name: last, avatar: null, bio: null, suburb_city: 'Newtown', state: null, country: null,
});
const wordsOf = (url: string) => new URL(url, 'http://x').searchParams.get('q');

describe('/users', () => {
  it('searches people by name kept in the address, says what found nothing, clears it, and Back brings the words back', async () => {
    const api = serve({
      'GET /api/users': (call) => {
        const q = wordsOf(call.url);
        return success({ users: q === 'zed' ? [] : q === 'noor' ? [person(1, 'Noor', 'Haddad')] : [person(1, 'Noor', 'Haddad'), person(2, 'Sam', 'Lee')], cursorId: null });
      },
    });
    // A shared link opens the list as it was searched.
    const { router } = renderRoute('/users?q=noor', { auth: AUTH.member });
    await screen.findByRole('link', { name: /Noor Haddad/ });
    expect(screen.queryByRole('link', { name: /Sam Lee/ })).toBeNull();
    const field = screen.getByRole('searchbox', { name: 'Name or username' }) as HTMLInputElement;
    expect(field.value).toBe('noor');

    // One letter goes to the address but lists everyone (too short to search by).
    fireEvent.change(field, { target: { value: 'z' } });
    await waitFor(() => expect(router.state.location.search).toBe('?q=z'));
    await screen.findByRole('link', { name: /Sam Lee/ });
    expect(api.to('GET /api/users').every((c) => wordsOf(c.url) !== 'z')).toBe(true);

    fireEvent.change(field, { target: { value: 'zed' } });
    await waitFor(() => expect(router.state.location.search).toBe('?q=zed'));
    expect(await screen.findByText('Nobody listed has a name or username with words starting “zed”.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    await screen.findByRole('link', { name: /Sam Lee/ });
    expect(router.state.location.search).toBe('');
    expect(field.value).toBe('');
    await act(() => router.navigate(-1));
    await waitFor(() => expect(field.value).toBe('zed'));
    expect(await screen.findByRole('button', { name: 'Clear search' })).toBeTruthy();
  });

  it('reads on past a page of words that came back empty with more to read, and says nothing matched only at the end', async () => {
    const api = serve({
      'GET /api/users': (call) => success(new URL(call.url, 'http://x').searchParams.get('cursorId') ? { users: [], cursorId: null } : { users: [], cursorId: 'k1' }),
    });
    renderRoute('/users?q=zed', { auth: AUTH.member });
    expect(await screen.findByText(/Nobody listed has a name or username with words starting “zed”/)).toBeTruthy();
    expect(api.to('GET /api/users')).toHaveLength(2);
  });

  it('lists everyone newest first without words, and says so when nobody is listed', async () => {
    const api = serve({ 'GET /api/users': () => success({ users: [], cursorId: null }) });
    renderRoute('/users', { auth: AUTH.guest });
    expect(await screen.findByText('Nobody is listed yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clear search' })).toBeNull();
    expect(wordsOf(api.to('GET /api/users')[0]!.url)).toBeNull();
  });
});
