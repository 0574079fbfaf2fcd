/** The checks run in the order docs/api.md gives, and the first that fails answers. */
import { describe, expect, it } from 'vitest';
import { as } from '../support/accounts';
import { call, mintSession } from '../support/api';
import { admin } from '../support/users';

const ADMIN_ROUTE = '/api/iam/admin/update/site-setting';

describe('check order', () => {
  it('header before route: no client-platform on an unknown path is 400', async () => {
    expect((await call('GET', '/api/nowhere', { noPlatform: true })).status).toBe(400);
  });

  it('header before body: no client-platform with malformed JSON is 400 naming the header', async () => {
    const res = await call('PUT', ADMIN_ROUTE, { noPlatform: true, rawBody: '{oops' });
    expect(res.json).toMatchObject({ error: { field: 'client-platform' } });
  });

  it('body before session: malformed JSON without a session is 400, not 401', async () => {
    const res = await call('PUT', ADMIN_ROUTE, { rawBody: '{oops' });
    expect(res.status).toBe(400);
  });

  it('session before csrf: no session is 401 even without csrf_token', async () => {
    expect((await call('PUT', ADMIN_ROUTE, { body: {} })).status).toBe(401);
  });

  it('csrf before access level: a plain user without csrf_token gets the csrf 403', async () => {
    const res = await call('PUT', ADMIN_ROUTE, { session: await mintSession(), body: {}, noCsrf: true });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ error: { code: 'csrf' } });
  });

  it('access level before schema: a plain user with csrf_token and a bad body gets 403, not 400', async () => {
    const res = await call('PUT', ADMIN_ROUTE, { session: await mintSession(), body: { name: 1 } });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ error: { code: 'forbidden' } });
  });

  it('live admin check before schema: an admin token without a live session and a bad body gets 401, not 400', async () => {
    const res = await call('PUT', ADMIN_ROUTE, { session: await mintSession({ role: 'admin' }), body: { name: 1, value: 'x' } });
    expect(res.status).toBe(401);
  });

  it('schema last: an admin with a bad body gets 400 naming the field', async () => {
    const res = await as((await admin()).browser, 'PUT', ADMIN_ROUTE, { name: 1, value: 'x' });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ error: { field: 'name', message: 'name must be text' } });
  });

  it('refuses prototype-pollution keys by name', async () => {
    const res = await as((await admin()).browser, 'PUT', ADMIN_ROUTE, JSON.parse('{"__proto__": {"isAdmin": true}, "name": "x_y", "value": "v"}') as object);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ error: { field: '__proto__' } });
  });

  it('never leaks internals: errors carry a code and a message only', async () => {
    const res = await as((await admin()).browser, 'PUT', ADMIN_ROUTE, { name: 'x_y', value: 'v', dataType: 'xml' });
    expect(res.status).toBe(400);
    expect(Object.keys((res.json as { error: object }).error).sort()).toEqual(['code', 'field', 'message']);
  });
});
