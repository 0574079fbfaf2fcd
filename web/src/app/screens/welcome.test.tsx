import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AUTH, renderRoute } from '@/testing/render-route';
import { failure, success } from '@/testing/responses';
import { serve } from '@/testing/serve';
import { welcomeVideoSource } from './welcome';

const site = (settings: Record<string, unknown> = {}) => ({
  name: 'Leafline',
  tagline: 'Grow together',
  defaultLocation: { latitude: -33.8688, longitude: 151.2093, suburb_city: 'Sydney', state: 'NSW', country: 'Australia' },
  settings,
});
const ORIGIN = { latitude: -33.87, longitude: 151.21, suburb_city: 'Sydney', state: 'NSW', country: 'Australia', source: 'profile' };
const pageNear = (name: string, handle: string, km: number) => ({
  id: `id-${handle}`, handle, name, category: 'group', avatar: null, place: 'Sydney, NSW, Australia', memberCount: 3, openness: 'open',
  my: { status: 'none', role: null }, distance_km: km, latitude: -33.9, longitude: 151.18,
});

function serveWelcome(settings: Record<string, unknown>, pages: unknown[]) {
  return serve({
    'GET /api/site-settings/get-site': () => success(site(settings)),
    'GET /api/nearby/near-you': () => success({ origin: ORIGIN, radius_km: 20, plants: [], pages: [], events: [] }),
    'GET /api/page/location/nearby-pages': () => success({ pages, radius_km: 25 }),
  });
}

describe('/welcome', () => {
  it('walks a new member through place, interests, the video and pages near them, and can be skipped', async () => {
    const api = serveWelcome({ welcome_video_url: 'https://video.example.net/welcome.mp4' }, [pageNear('Newtown Growers', 'newtown_growers', 1), pageNear('City Garden Club', 'city_garden', 4), pageNear('Fern Friends', 'fern_friends', 6), pageNear('Far Away', 'far_away', 20)]);
    renderRoute('/welcome', { auth: AUTH.member });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Fern' })).toBeTruthy();
    await screen.findByRole('heading', { level: 2, name: 'Watch the welcome video' });
    const steps = screen.getByRole('list', { name: 'First steps' });
    expect(within(steps).getAllByRole('heading', { level: 2 }).map((h) => h.textContent?.replace(/^\d+/, ''))).toEqual([
      'Set your place (done)',
      'Choose your interests',
      'Watch the welcome video',
      'Find pages near you',
    ]);
    expect(screen.getByText(/around your place \(Sydney, NSW\)/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Change your place' }).getAttribute('href')).toBe('/settings#profile');
    expect(screen.getByRole('link', { name: 'Choose interests' }).getAttribute('href')).toBe('/user/my-interests');
    const video = document.querySelector('video');
    expect(video?.getAttribute('src')).toBe('https://video.example.net/welcome.mp4');
    expect(video?.hasAttribute('controls')).toBe(true);
    const pages = await screen.findByRole('list', { name: 'Pages near you' });
    expect(within(pages).getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(['Newtown Growers', 'City Garden Club', 'Fern Friends']);
    expect(api.to('GET /api/page/location/nearby-pages')[0]?.url).toContain('lat=-33.87');
    expect(screen.getByRole('link', { name: 'Skip and go to the home page' }).getAttribute('href')).toBe('/');
  });

  it("embeds a video service's player in a frame, not in <video>", async () => {
    serveWelcome({ welcome_video_url: 'https://www.youtube-nocookie.com/embed/abcDEF12345' }, []);
    renderRoute('/welcome', { auth: AUTH.member });
    const frame = await screen.findByTitle('Welcome video');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/abcDEF12345');
    expect(frame.getAttribute('sandbox')).not.toMatch(/allow-top-navigation/);
    expect(document.querySelector('video')).toBeNull();
  });

  it('shows no video while none is set, and says when no page is near', async () => {
    serveWelcome({}, []);
    renderRoute('/welcome', { auth: AUTH.member });
    expect(await screen.findByText('No pages near you yet. You could start the first one.')).toBeTruthy();
    expect(document.querySelector('video')).toBeNull();
    expect(screen.queryByRole('heading', { name: /video/ })).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Find pages near you' })).toBeTruthy();
  });

  it('asks a member without a place to set one', async () => {
    serveWelcome({}, []);
    renderRoute('/welcome', { auth: { loggedIn: true, user: { ...AUTH.member.user, location: null, suburb_city: null, state: null } } });
    expect((await screen.findByRole('link', { name: 'Set your place' })).getAttribute('href')).toBe('/settings#profile');
  });
});

describe('/welcome when the place cannot be told', () => {
  it('offers a retry when the near-you lookup fails, then shows the pages', async () => {
    let fail = true;
    serve({
      'GET /api/site-settings/get-site': () => success(site({})),
      'GET /api/nearby/near-you': () => (fail ? failure(503, 'unavailable', 'Busy, try again') : success({ origin: ORIGIN, radius_km: 20, plants: [], pages: [], events: [] })),
      'GET /api/page/location/nearby-pages': () => success({ pages: [pageNear('Newtown Growers', 'newtown_growers', 1)], radius_km: 25 }),
    });
    renderRoute('/welcome', { auth: AUTH.member });
    expect(await screen.findByText('Could not tell where you are')).toBeTruthy();
    expect(screen.queryByText('Looking for pages near you…')).toBeNull();
    fail = false;
    screen.getByRole('button', { name: 'Try again' }).click();
    expect(await screen.findByRole('heading', { name: 'Newtown Growers' })).toBeTruthy();
  });
});

describe('welcomeVideoSource', () => {
  it('plays https addresses and paths here, nothing else', () => {
    expect(welcomeVideoSource('https://video.example.net/a.mp4')).toBe('https://video.example.net/a.mp4');
    expect(welcomeVideoSource('/media/welcome.webm')).toBe('/media/welcome.webm');
    for (const bad of ['javascript:alert(1)', 'http://video.example.net/a.mp4', '//evil.example/a.mp4', 'data:video/mp4;base64,AAAA', '', '   ', 42, null, undefined]) {
      expect(welcomeVideoSource(bad)).toBeNull();
    }
  });
});
