import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { embeddableVideoUrl, isVideoFile } from '@/features/admin/video-url';
import { errorOf, press, type } from '@/testing/forms';
import { AUTH, renderRoute } from '@/testing/render-route';
import { failure, success } from '@/testing/responses';
import { serve } from '@/testing/serve';

const site = (settings: Record<string, unknown>) => ({
  name: 'Leafline',
  tagline: 'Grow together',
  defaultLocation: { latitude: -33.8688, longitude: 151.2093, suburb_city: 'Sydney', state: 'NSW', country: 'Australia' },
  settings,
});

describe('welcome video address', () => {
  it('turns YouTube and Vimeo page addresses into their player addresses and leaves others', () => {
    expect(embeddableVideoUrl(' https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=3 ')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(embeddableVideoUrl('https://youtu.be/dQw4w9WgXcQ')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(embeddableVideoUrl('https://vimeo.com/76979871')).toBe('https://player.vimeo.com/video/76979871');
    expect(embeddableVideoUrl('https://video.example.net/welcome.mp4')).toBe('https://video.example.net/welcome.mp4');
    expect(isVideoFile('https://video.example.net/welcome.mp4?x=1')).toBe(true);
    expect(isVideoFile('https://player.vimeo.com/video/76979871')).toBe(false);
  });
});

describe('/admin/settings/video', () => {
  it('shows the current video and saves a new one as a public text setting', async () => {
    let settings: Record<string, unknown> = { welcome_video_url: 'https://video.example.net/old.mp4' };
    const api = serve({
      'GET /api/site-settings/get-site': () => success(site(settings)),
      'PUT /api/iam/admin/update/site-setting': (c) => {
        settings = { welcome_video_url: c.body?.value };
        return success({ name: c.body?.name, value: c.body?.value, dataType: 'string', isPublic: true, updatedAt: '2026-11-28T00:00:00.000Z' });
      },
    });
    renderRoute('/admin/settings/video', { auth: AUTH.admin });
    expect(await screen.findByText('https://video.example.net/old.mp4')).toBeTruthy();
    expect(screen.getByLabelText('The welcome video').tagName).toBe('VIDEO');
    type('Video address', 'https://vimeo.com/76979871');
    press('Save video');
    expect(await screen.findByText('Saved: https://player.vimeo.com/video/76979871')).toBeTruthy();
    expect(api.to('PUT /api/iam/admin/update/site-setting')[0]?.body).toEqual({
      name: 'welcome_video_url', value: 'https://player.vimeo.com/video/76979871', dataType: 'string', isPublic: true, csrf_token: 'csrf-123',
    });
    expect((await screen.findByTitle('The welcome video')).tagName).toBe('IFRAME');
  });

  it('says when no video is set, refuses an address that is not https, and shows the server\'s refusal of a host beside the field', async () => {
    const api = serve({
      'GET /api/site-settings/get-site': () => success(site({})),
      'PUT /api/iam/admin/update/site-setting': () => failure(400, 'invalid_input', 'value must be an address on an allowed video origin: https://video.example.net', 'value'),
    });
    renderRoute('/admin/settings/video', { auth: AUTH.admin });
    expect(await screen.findByText(/No welcome video is set/)).toBeTruthy();
    type('Video address', 'http://video.example.net/a.mp4');
    press('Save video');
    expect(errorOf('Video address')).toMatch(/must start with https/);
    expect(api.to('PUT /api/iam/admin/update/site-setting')).toHaveLength(0);
    type('Video address', 'https://elsewhere.example.org/a.mp4');
    press('Save video');
    await screen.findByText(/allowed video origin/);
    expect(errorOf('Video address')).toMatch(/https:\/\/video\.example\.net/);
  });
});
