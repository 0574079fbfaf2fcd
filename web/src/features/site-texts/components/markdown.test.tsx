import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { press, type } from '@/testing/forms';
import { AUTH, renderRoute } from '@/testing/render-route';
import { success } from '@/testing/responses';
import { serve } from '@/testing/serve';
import { renderMarkdown } from '@shared/markdown';

const SITE = {
  name: 'Leafline',
  tagline: 'Grow together',
  defaultLocation: { latitude: -33.8688, longitude: 151.2093, suburb_city: 'Sydney', state: 'NSW', country: 'Australia' },
  settings: {},
};

const HOSTILE = [
  '# Who we are',
  '',
  '<script>alert(1)</script> <img src=x onerror="alert(2)"> <b>bold?</b>',
  '',
  '[click](javascript:alert(3)) [data](data:text/html;base64,PHNjcmlwdD4=) [vb](vbscript:msgbox) [spaced]( JAVASCRIPT:alert(4))',
  '',
  '[our garden](https://example.org/garden) [mail us](mailto:team@example.org) [terms](/docs/terms-of-use) [other](//evil.example)',
  '',
  '![tracker](https://evil.example/pixel.png) <javascript:alert(5)>',
].join('\n');

describe('renderMarkdown', () => {
  it('shows raw HTML as text, keeps only http(s), mailto and site links, each with rel, and no images', () => {
    const host = document.createElement('div');
    host.innerHTML = renderMarkdown(HOSTILE);
    expect(host.querySelector('h1')).toBeNull();
    expect(host.querySelector('h2')?.textContent).toBe('Who we are');
    expect(host.querySelectorAll('script, img, b, iframe')).toHaveLength(0);
    expect(host.textContent).toContain('<script>alert(1)</script>');
    expect(host.textContent).toContain('<b>bold?</b>');
    const links = [...host.querySelectorAll('a')];
    // A picture is not loaded: it stays a plain link to where it is.
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://example.org/garden', 'mailto:team@example.org', '/docs/terms-of-use', 'https://evil.example/pixel.png']);
    for (const a of links) expect(a.getAttribute('rel')).toBe('nofollow noopener noreferrer');
    expect(host.innerHTML).not.toMatch(/href="(javascript|data|vbscript):/i);
    const attributes = [...host.querySelectorAll('*')].flatMap((el) => [...el.attributes].map((a) => a.name));
    expect(attributes.filter((name) => !['href', 'rel'].includes(name))).toEqual([]);
  });
});

describe('the site-text screens', () => {
  it('/about shows the text as the server rendered it', async () => {
    serve({
      'GET /api/site-settings/get-site': () => success(SITE),
      'GET /api/site-settings/text/about': () => success({ name: 'about', markdown: HOSTILE, html: renderMarkdown(HOSTILE), updatedAt: '2026-11-01T10:00:00.000Z' }),
    });
    renderRoute('/about');
    expect(await screen.findByRole('heading', { level: 2, name: 'Who we are' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['About']);
    expect(screen.getByRole('link', { name: 'our garden' }).getAttribute('rel')).toBe('nofollow noopener noreferrer');
    expect(screen.queryByRole('link', { name: 'click' })).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
    expect(document.querySelector('main script, article script')).toBeNull();
  });

  it('/about says what the site is until a text is written; the terms say they are not published', async () => {
    serve({
      'GET /api/site-settings/get-site': () => success(SITE),
      'GET /api/site-settings/text/about': () => success({ name: 'about', markdown: null, html: null, updatedAt: null }),
      'GET /api/site-settings/text/terms-of-use': () => success({ name: 'terms-of-use', markdown: null, html: null, updatedAt: null }),
    });
    renderRoute('/about');
    expect(await screen.findByText(/Leafline is a community for plant lovers: Grow together/)).toBeTruthy();
    renderRoute('/docs/terms-of-use');
    expect(await screen.findByText('The terms of use has not been published yet')).toBeTruthy();
  });

  it('lets an admin preview and save a text on /admin/settings', async () => {
    const api = serve({
      'GET /api/site-settings/get-site': () => success(SITE),
      'GET /api/site-settings/text/about': () => success({ name: 'about', markdown: null, html: null, updatedAt: null }),
      'GET /api/site-settings/text/privacy-policy': () => success({ name: 'privacy-policy', markdown: 'Old policy', html: '<p>Old policy</p>\n', updatedAt: '2026-11-01T10:00:00.000Z' }),
      'PUT /api/iam/admin/update/site-text': (c) => success({ ...(c.body as object), updatedAt: '2026-11-02T10:00:00.000Z', csrf_token: undefined }),
    });
    renderRoute('/admin/settings', { auth: AUTH.admin });
    const editor = await screen.findByRole('region', { name: "The site's texts" });
    fireEvent.change(within(editor).getByLabelText('Text'), { target: { value: 'privacy-policy' } });
    await waitFor(() => expect((within(editor).getByLabelText('Markdown') as HTMLTextAreaElement).value).toBe('Old policy'));
    type('Markdown', '## We keep little\n\n<i>no html</i>');
    press('Preview');
    const preview = within(editor).getByRole('region', { name: 'Preview' });
    expect(within(preview).getByRole('heading', { level: 3, name: 'We keep little' })).toBeTruthy();
    expect(preview.querySelector('i')).toBeNull();
    press('Save text');
    expect((await within(editor).findByRole('status')).textContent).toContain('Saved the privacy policy.');
    expect(api.to('PUT /api/iam/admin/update/site-text')[0]?.body).toEqual({
      name: 'privacy-policy',
      markdown: '## We keep little\n\n<i>no html</i>',
      csrf_token: 'csrf-123',
    });
  });
});
