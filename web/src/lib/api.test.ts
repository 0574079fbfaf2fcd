import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, newClientId, REFRESH_LOCK_NAME, REFRESH_PATH, routeRequest, type ApiClientOptions } from './api';

type FetchArgs = [input: string, init: RequestInit];

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
const ok = (data: unknown, status = 200) => json(status, { status: 'success', data });
const fail = (status: number, code: string, message: string, field?: string) =>
  json(status, { status: 'error', error: { code, message, ...(field ? { field } : {}) } });

/** A fetch stub answering from a list, one answer per call (an Error rejects like a network failure). */
function stubFetch(...answers: Array<Response | Error | (() => Response | Error)>) {
  const fetchMock = vi.fn(async (_input: string, _init: RequestInit): Promise<Response> => {
    const next = answers.shift();
    if (next === undefined) throw new Error('unexpected fetch call');
    const answer = typeof next === 'function' ? next() : next;
    if (answer instanceof Error) throw answer;
    return answer;
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const calls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.map(([url, init]) => `${init.method} ${url}`);
const bodyOf = (fetchMock: ReturnType<typeof stubFetch>, call: number) => {
  const init = (fetchMock.mock.calls[call] as FetchArgs)[1];
  return init.body === undefined ? undefined : (JSON.parse(init.body as string) as Record<string, unknown>);
};
const headersOf = (fetchMock: ReturnType<typeof stubFetch>, call: number) =>
  (fetchMock.mock.calls[call] as FetchArgs)[1].headers as Record<string, string>;

/** A LockManager that grants locks one at a time, in order, like the browser's. */
function serialLocks() {
  let tail: Promise<unknown> = Promise.resolve();
  const requested: string[] = [];
  const locks = {
    request: (name: string, callback: (lock: { name: string; mode: 'exclusive' }) => unknown) => {
      requested.push(name);
      const run = tail.then(() => callback({ name, mode: 'exclusive' }));
      tail = run.catch(() => undefined);
      return run;
    },
  } as unknown as NonNullable<ApiClientOptions['locks']>;
  return { locks, requested };
}

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
  };
}

function client(overrides: ApiClientOptions = {}) {
  const onSessionExpired = vi.fn();
  const api = createApiClient({
    getCsrfToken: () => 'csrf-abc',
    onSessionExpired,
    locks: null,
    storage: memoryStorage(),
    sleep: async () => undefined,
    ...overrides,
  });
  return { api, onSessionExpired };
}

describe('API client: typed calls by route key', () => {
  it('puts {path} parameters in the path (percent-encoded), the rest of a GET in the query string', async () => {
    const fetchMock = stubFetch(ok({ tags: [] }));
    const { api } = client();
    await api.call('GET /api/iam/tags/prefix/{prefix}/{flag}', { prefix: 'mon stera/x', flag: 'false' });
    expect(calls(fetchMock)).toEqual(['GET /api/iam/tags/prefix/mon%20stera%2Fx/false']);
    expect(routeRequest('GET /api/iam/posts/tag/{tag}', { tag: 'ferns', cursorId: 'c1' })).toEqual({ method: 'GET', path: '/api/iam/posts/tag/ferns', rest: { cursorId: 'c1' } });
  });

  it('sends the rest of a mutating call as the JSON body with csrf_token, never the path parameters', async () => {
    const fetchMock = stubFetch(ok({ uuid: 'u1' }));
    const { api } = client();
    await api.call('PUT /api/iam/users/{uuid}', { uuid: 'u1', suspended: true });
    expect(calls(fetchMock)).toEqual(['PUT /api/iam/users/u1']);
    expect(bodyOf(fetchMock, 0)).toEqual({ suspended: true, csrf_token: 'csrf-abc' });
  });

  it('refuses to call a route whose path parameter is missing, or a dot segment that would climb the path', () => {
    expect(() => routeRequest('GET /api/post/{id}', {})).toThrow(/path parameter id is missing/);
    expect(() => routeRequest('DELETE /api/iam/users/{uuid}', { uuid: '..' })).toThrow(/cannot be \.\./);
    expect(() => routeRequest('GET /api/post/{id}', { id: '.' })).toThrow(/cannot be \./);
  });

  it('resolves to the data of the success envelope', async () => {
    stubFetch(ok({ loggedIn: true }));
    const { api } = client();
    await expect(api.call('GET /api/iam/authn/isauthenticated')).resolves.toEqual({ loggedIn: true });
  });
});

describe('API client: requests', () => {
  it('sends client-platform: browser on every method, same-origin', async () => {
    const fetchMock = stubFetch(ok(1), ok(2), ok(3), ok(4));
    const { api } = client();
    await api.get('/api/a');
    await api.post('/api/b', { x: 1 });
    await api.put('/api/c');
    await api.delete('/api/d');
    for (let i = 0; i < 4; i++) {
      expect(headersOf(fetchMock, i)['client-platform']).toBe('browser');
      expect((fetchMock.mock.calls[i] as FetchArgs)[1].credentials).toBe('same-origin');
    }
  });

  it('returns the data of a success envelope', async () => {
    stubFetch(ok({ name: 'Leafline', tagline: 'Grow' }));
    const { api } = client();
    await expect(api.get('/api/site-settings/get-site')).resolves.toEqual({ name: 'Leafline', tagline: 'Grow' });
  });

  it('only calls /api paths', async () => {
    const fetchMock = stubFetch(ok(1));
    const { api } = client();
    await expect(api.get('https://evil.example/api/x')).rejects.toThrow(/only calls \/api\//);
    await expect(api.get('/images/x.png')).rejects.toThrow(/only calls \/api\//);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('puts query parameters in the URL and leaves out empty ones', async () => {
    const fetchMock = stubFetch(ok([]));
    const { api } = client();
    await api.get('/api/events/nearby', { query: { lat: -33.8, long: 151.2, take: 10, cursorId: undefined, q: 'a b' } });
    expect(calls(fetchMock)).toEqual(['GET /api/events/nearby?lat=-33.8&long=151.2&take=10&q=a+b']);
  });
});

describe('API client: csrf_token', () => {
  it('is added to the JSON body of POST, PUT and DELETE', async () => {
    const fetchMock = stubFetch(ok(1), ok(2), ok(3));
    const { api } = client();
    await api.post('/api/iam/posts/new', { text: 'hello' });
    await api.put('/api/iam/posts/privacy', { privacy: 'public' });
    await api.delete('/api/iam/posts');
    expect(bodyOf(fetchMock, 0)).toEqual({ text: 'hello', csrf_token: 'csrf-abc' });
    expect(bodyOf(fetchMock, 1)).toEqual({ privacy: 'public', csrf_token: 'csrf-abc' });
    expect(bodyOf(fetchMock, 2)).toEqual({ csrf_token: 'csrf-abc' });
    expect(headersOf(fetchMock, 0)['content-type']).toBe('application/json');
  });

  it('is never sent with a GET (no body, not in the URL)', async () => {
    const fetchMock = stubFetch(ok(1));
    const { api } = client();
    await api.get('/api/iam/authn/profile');
    expect(bodyOf(fetchMock, 0)).toBeUndefined();
    expect(calls(fetchMock)[0]).not.toContain('csrf');
  });

  it('is left out when nobody is signed in', async () => {
    const fetchMock = stubFetch(ok(1));
    const { api } = client({ getCsrfToken: () => undefined });
    await api.post('/api/iam/authn/login', { email: 'a@b.co', password: 'pw' });
    expect(bodyOf(fetchMock, 0)).toEqual({ email: 'a@b.co', password: 'pw' });
  });

  it('comes from the profile at the time of the call', async () => {
    const fetchMock = stubFetch(ok(1), ok(2));
    let token = 'first';
    const { api } = client({ getCsrfToken: () => token });
    await api.post('/api/x');
    token = 'second';
    await api.post('/api/x');
    expect(bodyOf(fetchMock, 0)?.csrf_token).toBe('first');
    expect(bodyOf(fetchMock, 1)?.csrf_token).toBe('second');
  });
});

describe('API client: errors', () => {
  it('turns an error envelope into an ApiError with status, code, message and field', async () => {
    stubFetch(fail(400, 'invalid_input', 'email must be an e-mail address', 'email'));
    const { api } = client();
    const error = await api.post('/api/iam/authn/signup', { email: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'invalid_input', message: 'email must be an e-mail address', field: 'email' });
  });

  it('turns an answer that is not an envelope into an ApiError named after its status', async () => {
    stubFetch(new Response('<!doctype html><p>Not Found</p>', { status: 404, statusText: 'Not Found' }));
    const { api } = client();
    await expect(api.get('/api/iam/authn/isauthenticated')).rejects.toMatchObject({ status: 404, code: 'not_found' });
  });

  it('rejects a 200 that is not an envelope', async () => {
    stubFetch(new Response('<html></html>', { status: 200 }));
    const { api } = client();
    await expect(api.get('/api/x')).rejects.toMatchObject({ status: 200, code: 'bad_response' });
  });
});

describe('API client: retries', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A client with the real (timer-based) sleep. */
  const timedClient = () => client({ sleep: undefined });

  it('retries a GET after a 5xx, waiting 100 ms then 200 ms', async () => {
    const fetchMock = stubFetch(fail(503, 'unavailable', 'Busy'), fail(502, 'server_error', 'Bad gateway'), ok('done'));
    const { api } = timedClient();
    const result = api.get('/api/posts/init-recent');
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(99);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(199);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await expect(result).resolves.toBe('done');
  });

  it('gives up after 3 attempts and reports the last answer', async () => {
    const fetchMock = stubFetch(fail(500, 'server_error', 'a'), fail(500, 'server_error', 'b'), fail(503, 'unavailable', 'Busy; try again shortly'));
    const { api } = timedClient();
    const result = api.get('/api/x').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(300);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(await result).toMatchObject({ status: 503, code: 'unavailable', message: 'Busy; try again shortly' });
  });

  it('retries network errors of GET, PUT and DELETE', async () => {
    const fetchMock = stubFetch(
      new TypeError('Failed to fetch'), ok('get'),
      new TypeError('Failed to fetch'), ok('put'),
      fail(500, 'server_error', 'x'), ok('delete'),
    );
    const { api } = timedClient();
    const results = Promise.all([api.get('/api/a')]);
    await vi.advanceTimersByTimeAsync(100);
    const put = api.put('/api/b', {});
    await vi.advanceTimersByTimeAsync(100);
    const del = api.delete('/api/c', {});
    await vi.advanceTimersByTimeAsync(100);
    expect(await results).toEqual(['get']);
    expect(await put).toBe('put');
    expect(await del).toBe('delete');
    expect(calls(fetchMock)).toEqual(['GET /api/a', 'GET /api/a', 'PUT /api/b', 'PUT /api/b', 'DELETE /api/c', 'DELETE /api/c']);
  });

  it('reports a network failure after 3 attempts as status 0', async () => {
    const fetchMock = stubFetch(new TypeError('x'), new TypeError('x'), new TypeError('x'));
    const { api } = timedClient();
    const result = api.get('/api/x').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(300);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(await result).toMatchObject({ status: 0, code: 'network' });
  });

  it('never retries a POST, neither after a 5xx nor after a network error', async () => {
    const fetchMock = stubFetch(fail(503, 'unavailable', 'Busy'), new TypeError('Failed to fetch'));
    const { api } = timedClient();
    const first = api.post('/api/iam/posts/new', { id: 'x' }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await first).toMatchObject({ status: 503 });
    const second = api.post('/api/iam/posts/new', { id: 'x' }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await second).toMatchObject({ status: 0, code: 'network' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('does not retry a 4xx', async () => {
    const fetchMock = stubFetch(fail(404, 'not_found', 'Not found'));
    const { api } = timedClient();
    const result = api.get('/api/post/abc').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await result).toMatchObject({ status: 404 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('does not retry an aborted request', async () => {
    const controller = new AbortController();
    controller.abort();
    const fetchMock = stubFetch(new DOMException('aborted', 'AbortError'));
    const { api } = timedClient();
    await expect(api.get('/api/x', { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('API client: 401', () => {
  const unauthorized = () => fail(401, 'unauthorized', 'Sign in to continue');

  it('refreshes once and retries the call once', async () => {
    const fetchMock = stubFetch(unauthorized(), ok(null), ok({ feed: [] }));
    const { api, onSessionExpired } = client();
    await expect(api.get('/api/iam/posts/init-recent')).resolves.toEqual({ feed: [] });
    expect(calls(fetchMock)).toEqual(['GET /api/iam/posts/init-recent', `POST ${REFRESH_PATH}`, 'GET /api/iam/posts/init-recent']);
    expect(headersOf(fetchMock, 1)['client-platform']).toBe('browser');
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('retries a POST after a successful refresh, with its csrf_token', async () => {
    const fetchMock = stubFetch(unauthorized(), ok(null), ok({ id: 'p1' }, 201));
    const { api } = client();
    await expect(api.post('/api/iam/posts/new', { id: 'c1' })).resolves.toEqual({ id: 'p1' });
    expect(calls(fetchMock)).toEqual(['POST /api/iam/posts/new', `POST ${REFRESH_PATH}`, 'POST /api/iam/posts/new']);
    expect(bodyOf(fetchMock, 2)).toEqual({ id: 'c1', csrf_token: 'csrf-abc' });
  });

  it('ends the session when the refresh is refused, without retrying the call', async () => {
    const fetchMock = stubFetch(unauthorized(), unauthorized());
    const { api, onSessionExpired } = client();
    await expect(api.get('/api/iam/messages/all')).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
    expect(calls(fetchMock)).toEqual(['GET /api/iam/messages/all', `POST ${REFRESH_PATH}`]);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('ends the session when the retried call is refused again, and refreshes only once', async () => {
    const fetchMock = stubFetch(unauthorized(), ok(null), unauthorized());
    const { api, onSessionExpired } = client();
    await expect(api.get('/api/iam/x')).rejects.toMatchObject({ status: 401 });
    expect(calls(fetchMock)).toEqual(['GET /api/iam/x', `POST ${REFRESH_PATH}`, 'GET /api/iam/x']);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('does not end the session when the refresh could not reach the server', async () => {
    stubFetch(unauthorized(), new TypeError('Failed to fetch'));
    const { api, onSessionExpired } = client();
    await expect(api.get('/api/iam/x')).rejects.toMatchObject({ status: 0, code: 'network' });
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('makes one refresh for concurrent 401s in a tab (no Web Locks)', async () => {
    let refreshed = false;
    const fetchMock = vi.fn(async (url: string) => {
      if (url === REFRESH_PATH) {
        await new Promise((r) => setTimeout(r, 5));
        refreshed = true;
        return ok(null);
      }
      return refreshed ? ok(url) : unauthorized();
    });
    vi.stubGlobal('fetch', fetchMock);
    const { api } = client({ locks: null });
    const results = await Promise.all([api.get('/api/iam/a'), api.get('/api/iam/b'), api.put('/api/iam/c', {})]);
    expect(results).toEqual(['/api/iam/a', '/api/iam/b', '/api/iam/c']);
    expect(fetchMock.mock.calls.filter(([url]) => url === REFRESH_PATH)).toHaveLength(1);
  });

  it('takes the Web Lock "session-refresh" around the refresh', async () => {
    stubFetch(unauthorized(), ok(null), ok('x'));
    const { locks, requested } = serialLocks();
    const { api } = client({ locks });
    await api.get('/api/iam/x');
    expect(requested).toEqual([REFRESH_LOCK_NAME]);
    expect(REFRESH_LOCK_NAME).toBe('session-refresh');
  });

  it('makes one refresh across tabs: the tab that waited on the lock reuses the other tab\'s refresh', async () => {
    let refreshed = false;
    let clock = 1000;
    const fetchMock = vi.fn(async (url: string) => {
      clock += 1;
      if (url === REFRESH_PATH) {
        await new Promise((r) => setTimeout(r, 5));
        refreshed = true;
        return ok(null);
      }
      return refreshed ? ok(url) : unauthorized();
    });
    vi.stubGlobal('fetch', fetchMock);
    // Two tabs: separate clients sharing the browser's locks and storage.
    const { locks } = serialLocks();
    const storage = memoryStorage();
    const now = () => clock;
    const tabA = client({ locks, storage, now }).api;
    const tabB = client({ locks, storage, now }).api;
    const results = await Promise.all([tabA.get('/api/iam/a'), tabB.get('/api/iam/b')]);
    expect(results).toEqual(['/api/iam/a', '/api/iam/b']);
    expect(fetchMock.mock.calls.filter(([url]) => url === REFRESH_PATH)).toHaveLength(1);
  });

  it('leaves a 401 alone for calls that ask so (session probes)', async () => {
    const fetchMock = stubFetch(unauthorized());
    const { api, onSessionExpired } = client();
    await expect(api.get('/api/iam/authn/isauthenticated', { refreshOn401: false })).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('refreshes but does not end the session for calls that report instead', async () => {
    const fetchMock = stubFetch(unauthorized(), unauthorized());
    const { api, onSessionExpired } = client();
    await expect(api.get('/api/iam/authn/profile', { endSessionOn401: false })).rejects.toMatchObject({ status: 401 });
    expect(calls(fetchMock)).toEqual(['GET /api/iam/authn/profile', `POST ${REFRESH_PATH}`]);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('never refreshes because the refresh call itself answered 401', async () => {
    const fetchMock = stubFetch(unauthorized());
    const { api } = client();
    await expect(api.post(REFRESH_PATH)).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('refreshSession() reports whether the server accepted the refresh', async () => {
    stubFetch(ok(null), unauthorized());
    const { api } = client();
    await expect(api.refreshSession()).resolves.toBe(true);
    await expect(api.refreshSession()).resolves.toBe(false);
  });
});

describe('newClientId', () => {
  const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it('makes distinct v4 UUIDs', () => {
    const ids = new Set(Array.from({ length: 50 }, () => newClientId()));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(UUID_V4);
  });

  it('works where crypto.randomUUID is missing (non-secure origins)', () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (a: Uint8Array) => real.getRandomValues(a) });
    expect(newClientId()).toMatch(UUID_V4);
  });
});
