import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { authStore } from '@/lib/auth/auth-store';
import { errorOf, press, type } from '@/testing/forms';
import { AUTH, makeUser, renderRoute } from '@/testing/render-route';
import { failure, success } from '@/testing/responses';
import { serve } from '@/testing/serve';

const FROM_IP = { latitude: -37.8136, longitude: 144.9631, suburb_city: 'Melbourne', state: 'VIC', country: 'Australia', source: 'ip' as const };
const place = (id: string, name: string, admin1: string, country: string, countryName: string, latitude: number, longitude: number, timeZone: string) => ({
  id, name, admin1, country, countryName, label: `${name}, ${admin1}, ${countryName}`, latitude, longitude, timeZone,
});
const NEWTOWN = place('2155416', 'Newtown', 'New South Wales', 'AU', 'Australia', -33.8978, 151.1785, 'Australia/Sydney');
const NEWTOWN_NZ = place('2186280', 'Newtown', 'Wellington', 'NZ', 'New Zealand', -41.3122, 174.7795, 'Pacific/Auckland');
const FITZROY = place('2166299', 'Fitzroy', 'Victoria', 'AU', 'Australia', -37.7983, 144.9784, 'Australia/Melbourne');
const places = (...list: Array<ReturnType<typeof place>>) => () => success({ places: list, attribution: 'GeoNames' });
const heading = () => screen.findByRole('heading', { level: 1, name: 'Complete your registration' });
const registered = makeUser({ username: 'moss_lover', first_name: 'Moss', last_name: 'Lover', csrf_token: 'csrf-new' });

function fill() {
  type('Username', 'Moss_Lover');
  type('First name', 'Moss');
  type('Last name', 'Lover');
  fireEvent.click(screen.getByLabelText('Swap plants and cuttings'));
  fireEvent.click(screen.getByLabelText('Learn about plants'));
}

describe('/auth/register', () => {
  it("labels the server's fallback to the site's default place as such, not as a guess from the connection", async () => {
    serve({ 'GET /api/location/from-ip': () => success({ ...FROM_IP, source: 'site' }) });
    renderRoute('/auth/register', { auth: AUTH.unregistered });
    await heading();
    await waitFor(() => expect((screen.getByLabelText('Suburb or city') as HTMLInputElement).value).toBe('Melbourne'));
    expect(screen.getByText(/the site's default place/)).toBeTruthy();
    expect(screen.queryByText(/guessed from your internet connection/)).toBeNull();
  });

  it('prefills the place from the connection, sends the registration and goes to /welcome', async () => {
    const api = serve({
      'GET /api/location/from-ip': () => success(FROM_IP),
      'GET /api/location/places': places(FITZROY),
      'POST /api/iam/authn/register': () => success(registered),
    });
    const { router } = renderRoute('/auth/register', { auth: AUTH.unregistered });
    await heading();
    await waitFor(() => expect((screen.getByLabelText('Suburb or city') as HTMLInputElement).value).toBe('Melbourne'));
    expect(screen.getByText(/guessed from your internet connection/)).toBeTruthy();
    type('Suburb or city', 'Fitzroy');
    fill();
    press('Complete registration');
    await waitFor(() => expect(router.state.location.pathname).toBe('/welcome'));
    expect(api.to('POST /api/iam/authn/register')[0]?.body).toEqual({
      username: 'moss_lover',
      first_name: 'Moss',
      last_name: 'Lover',
      motivations: ['swap', 'learn'],
      suburb_city: 'Fitzroy',
      state: 'VIC',
      country: 'Australia',
      // The typed suburb's position, not the connection's guess.
      latitude: FITZROY.latitude,
      longitude: FITZROY.longitude,
      csrf_token: 'csrf-123',
    });
    expect(authStore.get().user).toMatchObject({ username: 'moss_lover', registration_complete: true, csrf_token: 'csrf-new' });
  });

  it("sends the member's suburb chosen from the suggestions, with its state, country and position", async () => {
    const api = serve({
      'GET /api/location/from-ip': () => success({ ...FROM_IP, source: 'site' }),
      'GET /api/location/places': places(NEWTOWN, NEWTOWN_NZ),
      'POST /api/iam/authn/register': () => success(registered),
    });
    renderRoute('/auth/register', { auth: AUTH.unregistered });
    await heading();
    await waitFor(() => expect((screen.getByLabelText('Suburb or city') as HTMLInputElement).value).toBe('Melbourne'));
    type('Suburb or city', 'Newtown');
    fireEvent.mouseDown(await screen.findByRole('option', { name: /New South Wales/ }));
    expect(await screen.findByText(/Map position -33.8978, 151.1785 \(of the place you chose\)/)).toBeTruthy();
    expect((screen.getByLabelText('State or region') as HTMLInputElement).value).toBe('New South Wales');
    fill();
    press('Complete registration');
    await waitFor(() => expect(api.to('POST /api/iam/authn/register')).toHaveLength(1));
    expect(api.to('POST /api/iam/authn/register')[0]?.body).toMatchObject({ suburb_city: 'Newtown', state: 'New South Wales', country: 'Australia', latitude: NEWTOWN.latitude, longitude: NEWTOWN.longitude });
    // One search, while typing: choosing asks nothing more.
    expect(api.to('GET /api/location/places')).toHaveLength(1);
  });

  it('finds a suburb typed without choosing a suggestion in the chosen country, never the default city', async () => {
    const api = serve({
      'GET /api/location/from-ip': () => success({ ...FROM_IP, source: 'site' }),
      // Ranked first elsewhere: the one in the chosen country is taken.
      'GET /api/location/places': places(NEWTOWN_NZ, NEWTOWN),
      'POST /api/iam/authn/register': () => success(registered),
    });
    renderRoute('/auth/register', { auth: AUTH.unregistered });
    await heading();
    await waitFor(() => expect((screen.getByLabelText('Suburb or city') as HTMLInputElement).value).toBe('Melbourne'));
    type('Suburb or city', 'newtown');
    expect(screen.getByText('Map position found from the suburb you typed when you save.')).toBeTruthy();
    fill();
    press('Complete registration');
    await waitFor(() => expect(api.to('POST /api/iam/authn/register')).toHaveLength(1));
    expect(api.to('GET /api/location/places')[0]?.url).toContain('q=newtown');
    expect(api.to('POST /api/iam/authn/register')[0]?.body).toMatchObject({ suburb_city: 'newtown', country: 'Australia', latitude: NEWTOWN.latitude, longitude: NEWTOWN.longitude });
  });

  it('asks again, beside the suburb, when no place of that name is in the chosen country, and sends nothing', async () => {
    const api = serve({
      'GET /api/location/from-ip': () => success({ ...FROM_IP, source: 'site' }),
      'GET /api/location/places': places(NEWTOWN_NZ),
      'POST /api/iam/authn/register': () => success(registered),
    });
    const { router } = renderRoute('/auth/register', { auth: AUTH.unregistered });
    await heading();
    await waitFor(() => expect((screen.getByLabelText('Suburb or city') as HTMLInputElement).value).toBe('Melbourne'));
    type('Suburb or city', 'Newtown');
    fill();
    press('Complete registration');
    await waitFor(() => expect(errorOf('Suburb or city')).toBe('No place called "Newtown" was found in Australia. Choose one from the suggestions, or type the nearest town.'));
    expect(api.to('POST /api/iam/authn/register')).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/auth/register');
    // Typing again takes the error away.
    type('Suburb or city', 'Newtow');
    expect(errorOf('Suburb or city')).toBe('');
  });

  it('checks the fields first', async () => {
    const api = serve({ 'GET /api/location/from-ip': () => success(FROM_IP) });
    renderRoute('/auth/register', { auth: AUTH.unregistered });
    await heading();
    await waitFor(() => expect((screen.getByLabelText('Country') as HTMLInputElement).value).toBe('Australia'));
    type('Username', 'ab');
    type('First name', '');
    type('Country', '');
    press('Complete registration');
    expect(errorOf('Username')).toBe('Username must be 3-30 characters of letters, digits and _');
    expect(errorOf('First name')).toBe('First name is required');
    expect(errorOf('Country')).toBe('Country is required');
    type('Username', 'admin');
    press('Complete registration');
    expect(errorOf('Username')).toBe('Username is reserved; choose another');
    expect(api.to('POST /api/iam/authn/register')).toHaveLength(0);
  });

  it('shows a taken username (409) beside the username', async () => {
    serve({
      'GET /api/location/from-ip': () => success(FROM_IP),
      'POST /api/iam/authn/register': () => failure(409, 'conflict', 'This username is taken; choose another', 'username'),
    });
    const { router } = renderRoute('/auth/register', { auth: AUTH.unregistered });
    await heading();
    await waitFor(() => expect((screen.getByLabelText('Country') as HTMLInputElement).value).toBe('Australia'));
    fill();
    press('Complete registration');
    await waitFor(() => expect(errorOf('Username')).toBe('This username is taken; choose another'));
    expect(router.state.location.pathname).toBe('/auth/register');
  });

  it('hints whether the username is free while typing, and stays quiet when the route is missing', async () => {
    const api = serve({
      'GET /api/location/from-ip': () => success(FROM_IP),
      'GET /api/iam/search/username-page-handle/fern_fan': () => success({ available: false }),
      'GET /api/iam/search/username-page-handle/moss_lover': () => success({ available: true }),
    });
    renderRoute('/auth/register', { auth: AUTH.unregistered });
    await heading();
    type('Username', 'Fern_Fan');
    expect(await screen.findByText('@fern_fan is taken; choose another.', undefined, { timeout: 2000 })).toBeTruthy();
    type('Username', 'moss_lover');
    expect(await screen.findByText('@moss_lover is available.', undefined, { timeout: 2000 })).toBeTruthy();
    type('Username', 'ghost_123');
    await waitFor(() => expect(api.to('GET /api/iam/search/username-page-handle/ghost_123')).toHaveLength(1), { timeout: 2000 });
    await waitFor(() => expect(screen.queryByText(/ghost_123 is/)).toBeNull());
    expect(screen.queryByText(/Checking whether/)).toBeNull();
  });

  it("uses the device's position on request, and the site's default place when the IP guess fails", async () => {
    const getCurrentPosition = vi.fn((ok: PositionCallback) => ok({ coords: { latitude: -33.89123456, longitude: 151.27654321 } } as GeolocationPosition));
    Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
    onTestFinished(() => {
      delete (navigator as { geolocation?: unknown }).geolocation;
    });
    const api = serve({
      'GET /api/location/from-ip': () => failure(503, 'unavailable', 'No guess'),
      'GET /api/site-settings/get-site': () =>
        success({ name: 'Leafline', tagline: 't', defaultLocation: { latitude: 1, longitude: 2, suburb_city: 'Default', state: 'S', country: 'C' }, settings: {} }),
      'POST /api/iam/authn/register': () => success(registered),
    });
    renderRoute('/auth/register', { auth: AUTH.unregistered });
    await heading();
    await waitFor(() => expect((screen.getByLabelText('Suburb or city') as HTMLInputElement).value).toBe('Default'));
    press('Use my location');
    expect(await screen.findByText(/Map position -33.8912, 151.2765 \(from your device\)/)).toBeTruthy();
    fill();
    press('Complete registration');
    await waitFor(() => expect(api.to('POST /api/iam/authn/register')).toHaveLength(1));
    expect(api.to('POST /api/iam/authn/register')[0]?.body).toMatchObject({ latitude: -33.8912, longitude: 151.2765, suburb_city: 'Default' });
  });

  it('asks an unverified user to verify the e-mail first', async () => {
    serve({});
    renderRoute('/auth/register', { auth: AUTH.unverified });
    await heading();
    expect(screen.getByText('Verify your e-mail first')).toBeTruthy();
    expect(screen.queryByLabelText('Username')).toBeNull();
  });
});
