/** The site's texts (about, terms of use, privacy policy): read by guests one at a time, written by admins only, never in get-site. */
import { describe, expect, it } from 'vitest';
import type { PublicSite, SiteText } from '../../shared/answers/site-settings';
import { as, logIn, member, signUp } from '../support/accounts';
import { call } from '../support/api';
import { deleteItem, getItem, setAttributes } from '../support/db';
import { admin, registeredUser, signInAgain } from '../support/users';

const PUT = '/api/iam/admin/update/site-text';
const read = (name: string) => call<SiteText>('GET', `/api/site-settings/text/${name}`);

describe("the site's texts", () => {
  it('answers null for a text no admin has written, then what an admin saved, cacheable, and never inside get-site', async () => {
    const boss = await admin();
    expect((await as(boss.browser, 'PUT', PUT, { name: 'privacy-policy', markdown: '' })).status).toBe(200);
    const none = await read('privacy-policy');
    expect(none.status).toBe(200);
    expect(none.data).toEqual({ name: 'privacy-policy', markdown: null, html: null, updatedAt: null });

    const markdown = `# Privacy\n\nWe keep your e-mail address. ${'Long text. '.repeat(2000)}`;
    const saved = await as<SiteText>(boss.browser, 'PUT', PUT, { name: 'privacy-policy', markdown });
    expect(saved.status).toBe(200);
    expect(saved.data).toMatchObject({ name: 'privacy-policy', markdown, html: expect.stringMatching(/^<h2>Privacy<\/h2>\n<p>We keep your e-mail address/), updatedAt: expect.any(String) });
    expect(await getItem('sitetext#privacy-policy', 'sitetext')).toMatchObject({ markdown, updatedBy: boss.uuid });

    const guest = await read('privacy-policy');
    expect(guest.status).toBe(200);
    expect(guest.data).toEqual(saved.data);
    expect(guest.headers.get('cache-control')).toBe('public, max-age=300');
    // The screen reads the HTML alone: the Markdown is the editor's.
    const page = await call<SiteText>('GET', '/api/site-settings/text/privacy-policy?view=page');
    const { markdown: _md, ...shown } = saved.data;
    expect(page.data).toEqual(shown);
    expect(page.text.length).toBeLessThan(guest.text.length / 1.5);
    const badView = await call('GET', '/api/site-settings/text/privacy-policy?view=raw');
    expect(badView.status).toBe(400);
    expect(badView.json).toMatchObject({ error: { field: 'view' } });

    const site = await call<PublicSite>('GET', '/api/site-settings/get-site');
    expect(site.text).not.toContain('We keep your e-mail address');
    expect(site.text).not.toContain('privacy-policy');

    // An empty text removes it: the screen shows its default again.
    const cleared = await as<SiteText>(boss.browser, 'PUT', PUT, { name: 'privacy-policy', markdown: '  \n' });
    expect(cleared.data).toEqual({ name: 'privacy-policy', markdown: null, html: null, updatedAt: null });
    expect(await getItem('sitetext#privacy-policy', 'sitetext')).toBeUndefined();
    expect(await getItem('sitetext#privacy-policy', 'html')).toBeUndefined();
    expect((await read('privacy-policy')).data.markdown).toBeNull();
  });

  it('renders the Markdown on save: raw HTML as text, only safe links (with rel), no images; a text saved before is rendered on reading', async () => {
    const boss = await admin();
    const markdown = '# Who we are\n\n<script>alert(1)</script> [x](javascript:alert(2)) [garden](https://example.org/g) ![p](https://evil.example/p.png)';
    const saved = await as<SiteText>(boss.browser, 'PUT', PUT, { name: 'about', markdown });
    expect(saved.status).toBe(200);
    const { html } = (await read('about')).data;
    expect(html).toContain('<h2>Who we are</h2>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toMatch(/<script|<img|href="javascript/i);
    expect(html).toContain('<a href="https://example.org/g" rel="nofollow noopener noreferrer">garden</a>');
    expect(await getItem('sitetext#about', 'html')).toMatchObject({ html, updatedAt: saved.data.updatedAt });

    // As a text saved before rendering on save was stored: no HTML item, rendered on reading.
    await deleteItem('sitetext#about', 'html');
    expect((await read('about')).data).toEqual(saved.data);
    expect((await as(boss.browser, 'PUT', PUT, { name: 'about', markdown: '' })).status).toBe(200);
  });

  it('refuses a text whose HTML would outgrow an item, naming markdown, and keeps the one saved', async () => {
    const boss = await admin();
    expect((await as(boss.browser, 'PUT', PUT, { name: 'terms-of-use', markdown: 'Kept' })).status).toBe(200);
    // A wide table: each "|a" becomes a cell of about 10 characters of HTML.
    const table = `${'|a'.repeat(100)}|\n${'|-'.repeat(100)}|\n${`${'|a'.repeat(100)}|\n`.repeat(500)}`.slice(0, 100_000);
    const res = await as(boss.browser, 'PUT', PUT, { name: 'terms-of-use', markdown: table });
    expect(res.status, JSON.stringify(res.json)).toBe(400);
    expect(res.json).toMatchObject({ error: { field: 'markdown', message: expect.stringMatching(/^markdown is too long once formatted/) } });
    expect((await read('terms-of-use')).data).toMatchObject({ markdown: 'Kept', html: '<p>Kept</p>\n' });
    expect((await as(boss.browser, 'PUT', PUT, { name: 'terms-of-use', markdown: '' })).status).toBe(200);
  });

  it('takes 100,000 characters and refuses one more, naming markdown; refuses an unknown name', async () => {
    const boss = await admin();
    const full = 'ü'.repeat(100_000);
    expect((await as(boss.browser, 'PUT', PUT, { name: 'terms-of-use', markdown: full })).status).toBe(200);
    const over = await as(boss.browser, 'PUT', PUT, { name: 'terms-of-use', markdown: `${full}x` });
    expect(over.status).toBe(400);
    expect(over.json).toMatchObject({ error: { field: 'markdown', message: 'markdown must be at most 100000 characters' } });
    expect((await read('terms-of-use')).data.markdown).toBe(full);

    const name = await as(boss.browser, 'PUT', PUT, { name: 'cookies', markdown: 'x' });
    expect(name.status).toBe(400);
    expect(name.json).toMatchObject({ error: { field: 'name' } });
    const missing = await as(boss.browser, 'PUT', PUT, { name: 'about' });
    expect(missing.json).toMatchObject({ error: { field: 'markdown' } });
    const unknown = await read('cookies');
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({ error: { field: 'name' } });
    expect((await as(boss.browser, 'PUT', PUT, { name: 'terms-of-use', markdown: '' })).status).toBe(200);
  });

  it('lets no one but a live admin write: guest 401, unverified, member, suspended admin, deleted account 403; without the csrf token 403', async () => {
    const body = { name: 'about', markdown: 'Taken over' };
    expect((await call('PUT', PUT, { body })).status).toBe(401);

    const { email, password } = await signUp();
    const unverified = await logIn(email, password);
    expect((await as(unverified.browser, 'PUT', PUT, body)).status).toBe(403);

    const m = await member();
    expect((await as(m.browser, 'PUT', PUT, body)).status).toBe(403);

    const boss = await admin();
    expect((await as(boss.browser, 'PUT', PUT, body, { noCsrf: true })).status).toBe(403);

    const promoted = await registeredUser();
    expect((await as(boss.browser, 'PUT', `/api/iam/users/${promoted.uuid}`, { is_admin: true })).status).toBe(200);
    const demotable = await signInAgain(promoted);
    await setAttributes(`user#${promoted.uuid}`, 'profile', { suspended: true });
    expect((await as(demotable.browser, 'PUT', PUT, body)).status).toBe(403);

    const gone = await member();
    const kept = { cookies: new Map(gone.browser.cookies), csrf: gone.browser.csrf! };
    expect((await as(gone.browser, 'DELETE', '/api/iam/authn/delete', { uuid: gone.profile.uuid })).status).toBe(200);
    // The token still names a member, so the access level refuses it before the session is looked up.
    expect((await as(kept, 'PUT', PUT, body)).status).toBe(403);

    expect((await read('about')).data.markdown).not.toBe('Taken over');
  });
});
