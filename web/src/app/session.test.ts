import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_CHECK_INTERVAL_MS } from '@shared/constants';
import { wireSession } from '@/app/session-wiring';
import { api } from '@/lib/api';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { makeUser } from '@/testing/render-route';
import { failure, success } from '@/testing/responses';
import { authStore } from '../lib/auth/auth-store';
import { checkSession, loadSession, logout, startSessionChecks } from '../lib/auth/session';

type Route = (init: RequestInit) => Response | Promise<Response>;

/** A fetch stub routed by "METHOD path"; unknown calls are a 404 envelope. Records calls in order. */
function serve(routes: Record<string, Route>) {
  const seen: Array<{ call: string; body: unknown; headers: Record<string, string> }> = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    const call = `${init.method} ${url}`;
    seen.push({ call, body: init.body ? JSON.parse(init.body as string) : undefined, headers: init.headers as Record<string, string> });
    const route = routes[call];
    return route ? route(init) : failure(404, 'not_found', 'Not found');
  });
  vi.stubGlobal('fetch', fetchMock);
  return seen;
}

const user = makeUser();
const calls = (seen: ReturnType<typeof serve>) => seen.map((s) => s.call);

describe('loading the session at start-up', () => {
  it('treats a missing isauthenticated route as "not logged in", with the error flag', async () => {
    serve({});
    await loadSession();
    expect(authStore.get()).toMatchObject({ loggedIn: false, user: null, profileError: true });
  });

  it('loads the profile of a signed-in user', async () => {
    const seen = serve({
      'GET /api/iam/authn/isauthenticated': () => success({ loggedIn: true }),
      'GET /api/iam/authn/profile': () => success(user),
    });
    await loadSession();
    expect(authStore.get()).toMatchObject({ loggedIn: true, user, profileError: false });
    expect(calls(seen)).toEqual(['GET /api/iam/authn/isauthenticated', 'GET /api/iam/authn/profile']);
    expect(localStorage.getItem(STORAGE_KEYS.sessionHint)).toBe('1');
  });

  it('a guest without a past session: logged out, no refresh attempted, no error', async () => {
    const seen = serve({ 'GET /api/iam/authn/isauthenticated': () => success({ loggedIn: false }) });
    await loadSession();
    expect(authStore.get()).toMatchObject({ loggedIn: false, user: null, profileError: false });
    expect(calls(seen)).toEqual(['GET /api/iam/authn/isauthenticated']);
  });

  it('a returning member whose access token expired: one silent refresh, then the profile', async () => {
    localStorage.setItem(STORAGE_KEYS.sessionHint, '1');
    const seen = serve({
      'GET /api/iam/authn/isauthenticated': () => success({ loggedIn: false }),
      'POST /api/iam/authn/refresh': () => success(null),
      'GET /api/iam/authn/profile': () => success(user),
    });
    await loadSession();
    expect(authStore.get()).toMatchObject({ loggedIn: true, user });
    expect(calls(seen)).toEqual([
      'GET /api/iam/authn/isauthenticated',
      'POST /api/iam/authn/refresh',
      'GET /api/iam/authn/profile',
    ]);
  });

  it('a failed profile load: logged out with the error flag, and no redirect', async () => {
    const onSessionExpired = vi.fn();
    api.configure({ onSessionExpired });
    serve({
      'GET /api/iam/authn/isauthenticated': () => success({ loggedIn: true }),
      'GET /api/iam/authn/profile': () => failure(401, 'unauthorized', 'Sign in to continue'),
      'POST /api/iam/authn/refresh': () => failure(401, 'unauthorized', 'Sign in to continue'),
    });
    await loadSession();
    expect(authStore.get()).toMatchObject({ loggedIn: false, user: null, profileError: true });
    expect(onSessionExpired).not.toHaveBeenCalled();
  });
});

describe('logout', () => {
  it('clears the user, resets the stores, calls the server, clears stored data, then navigates home', async () => {
    const order: string[] = [];
    authStore.set({ loggedIn: true, user });
    localStorage.setItem(STORAGE_KEYS.location, '{"latitude":1,"longitude":2}');
    localStorage.setItem(STORAGE_KEYS.uploadedImage, 'images/u/x.jpg');
    localStorage.setItem(STORAGE_KEYS.sessionHint, '1');
    const queryClient = new QueryClient();
    queryClient.setQueryData(['feed'], ['post']);
    vi.spyOn(queryClient, 'clear').mockImplementation(() => {
      order.push(`clear stores (user: ${String(authStore.get().user)})`);
      QueryClient.prototype.clear.call(queryClient);
    });
    const seen = serve({
      'POST /api/iam/authn/logout': () => {
        order.push('server logout');
        return success(null);
      },
    });
    const navigate = vi.fn((to: string) => {
      order.push(`navigate ${to} (location stored: ${String(localStorage.getItem(STORAGE_KEYS.location))})`);
    });

    await logout({ navigate, queryClient });

    expect(order).toEqual(['clear stores (user: null)', 'server logout', 'navigate / (location stored: null)']);
    expect(authStore.get()).toMatchObject({ loggedIn: false, user: null, signingOut: false });
    expect(queryClient.getQueryData(['feed'])).toBeUndefined();
    expect(localStorage.getItem(STORAGE_KEYS.uploadedImage)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.sessionHint)).toBeNull();
    expect(seen[0]?.headers['client-platform']).toBe('browser');
  });

  it('goes to the given target, even when the server cannot be reached', async () => {
    authStore.set({ loggedIn: true, user });
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const navigate = vi.fn();
    await logout({ navigate, queryClient: new QueryClient(), target: '/auth/login' });
    expect(navigate).toHaveBeenCalledWith('/auth/login', { flushSync: true });
    expect(authStore.get().loggedIn).toBe(false);
  });
});

describe('session check', () => {
  beforeEach(() => {
    authStore.set({ loggedIn: true, user, profileError: false });
  });

  it('keeps a live session as it is', async () => {
    serve({ 'GET /api/iam/authn/isauthenticated': () => success({ loggedIn: true }) });
    await checkSession(new QueryClient());
    expect(authStore.get()).toMatchObject({ loggedIn: true, user });
  });

  it('refreshes an expired access token and keeps the user', async () => {
    const seen = serve({
      'GET /api/iam/authn/isauthenticated': () => success({ loggedIn: false }),
      'POST /api/iam/authn/refresh': () => success(null),
    });
    await checkSession(new QueryClient());
    expect(authStore.get().loggedIn).toBe(true);
    expect(calls(seen)).toContain('POST /api/iam/authn/refresh');
  });

  it('ends the session when the refresh is refused', async () => {
    serve({
      'GET /api/iam/authn/isauthenticated': () => success({ loggedIn: false }),
      'POST /api/iam/authn/refresh': () => failure(401, 'unauthorized', 'Sign in'),
    });
    const queryClient = new QueryClient();
    queryClient.setQueryData(['secret'], 1);
    await checkSession(queryClient);
    expect(authStore.get()).toMatchObject({ loggedIn: false, user: null });
    expect(queryClient.getQueryData(['secret'])).toBeUndefined();
  });

  it('changes nothing when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));
    vi.useFakeTimers();
    const check = checkSession(new QueryClient());
    await vi.advanceTimersByTimeAsync(1000);
    await check;
    vi.useRealTimers();
    expect(authStore.get()).toMatchObject({ loggedIn: true, user });
  });

  describe('timer', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it(`checks every ${SESSION_CHECK_INTERVAL_MS / 1000} s until stopped`, async () => {
      vi.useFakeTimers();
      const seen = serve({ 'GET /api/iam/authn/isauthenticated': () => success({ loggedIn: true }) });
      const stop = startSessionChecks(new QueryClient());
      await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS - 1);
      expect(seen).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(1);
      expect(calls(seen)).toEqual(['GET /api/iam/authn/isauthenticated']);
      await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS);
      expect(seen).toHaveLength(2);
      stop();
      await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS * 3);
      expect(seen).toHaveLength(2);
    });
  });
});

describe('a 401 that one refresh cannot cure', () => {
  it('clears the auth state and goes to /auth/login with the way back', async () => {
    const router = {
      state: { location: { pathname: '/messages/fern_fan', search: '', hash: '' } },
      navigate: vi.fn(),
    };
    const queryClient = new QueryClient();
    queryClient.setQueryData(['conversation'], ['hi']);
    wireSession(router, queryClient);
    authStore.set({ loggedIn: true, user });
    const seen = serve({
      'POST /api/iam/messages/new': () => failure(401, 'unauthorized', 'Sign in'),
      'POST /api/iam/authn/refresh': () => failure(401, 'unauthorized', 'Sign in'),
    });

    await expect(api.post('/api/iam/messages/new', { text: 'hi' })).rejects.toMatchObject({ status: 401 });

    expect(seen[0]?.body).toEqual({ text: 'hi', csrf_token: user.csrf_token });
    expect(authStore.get()).toMatchObject({ loggedIn: false, user: null });
    expect(queryClient.getQueryData(['conversation'])).toBeUndefined();
    expect(router.navigate).toHaveBeenCalledWith('/auth/login?redirect=%2Fmessages%2Ffern_fan', { replace: true });
  });
});
