import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorOf, press, type } from '@/testing/forms';
import { AUTH, renderRoute } from '@/testing/render-route';
import { success } from '@/testing/responses';
import { serve } from '@/testing/serve';

const SYDNEY = { latitude: -33.8688, longitude: 151.2093, suburb_city: 'Sydney', state: 'NSW', country: 'Australia' };
const HOBART = { id: '2163355', name: 'Hobart', admin1: 'Tasmania', country: 'AU', countryName: 'Australia', label: 'Hobart, Tasmania, Australia', latitude: -42.8794, longitude: 147.3294, timeZone: 'Australia/Hobart' };

describe('/settings/location', () => {
  it('picks a place by name, shows it, and saves it as the public default_location', async () => {
    const api = serve({
      'GET /api/site-settings/get-site': () => success({ name: 'Leafline', tagline: 'Grow', defaultLocation: SYDNEY, settings: {} }),
      'GET /api/location/places': () => success({ places: [HOBART], attribution: 'GeoNames' }),
      'GET /api/location/places-near': () => success({ places: [] }),
      'PUT /api/iam/admin/update/site-setting': (c) => success({ name: c.body?.name, value: c.body?.value, dataType: 'json', isPublic: true, updatedAt: '2026-11-28T00:00:00.000Z' }),
    });
    renderRoute('/settings/location', { auth: AUTH.admin });
    expect(await screen.findByText('Sydney, NSW, Australia')).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Find a place by name' }), { target: { value: 'Hoba' } });
    fireEvent.mouseDown(await screen.findByRole('option', { name: /Hobart/ }));
    expect((screen.getByLabelText(/^Suburb or city/) as HTMLInputElement).value).toBe('Hobart');
    expect((screen.getByLabelText(/^Latitude/) as HTMLInputElement).value).toBe('-42.8794');
    expect(screen.getByLabelText('Map of Hobart')).toBeTruthy();
    press('Save default location');
    expect(await screen.findByText('The default location is now Hobart, Tasmania, Australia.')).toBeTruthy();
    const body = api.to('PUT /api/iam/admin/update/site-setting')[0]?.body;
    expect(body).toMatchObject({ name: 'default_location', dataType: 'json', isPublic: true });
    expect(JSON.parse(body?.value as string)).toEqual({ latitude: -42.8794, longitude: 147.3294, suburb_city: 'Hobart', state: 'Tasmania', country: 'Australia' });
  });

  it('names the field of a coordinate out of range and sends nothing', async () => {
    const api = serve({
      'GET /api/site-settings/get-site': () => success({ name: 'Leafline', tagline: 'Grow', defaultLocation: SYDNEY, settings: {} }),
      'GET /api/location/places-near': () => success({ places: [] }),
    });
    renderRoute('/settings/location', { auth: AUTH.admin });
    await screen.findByText('Sydney, NSW, Australia');
    type(/^Latitude/, '123');
    type(/^Suburb or city/, ' ');
    press('Save default location');
    expect(errorOf(/^Latitude/)).toMatch(/from -90 to 90/);
    expect(errorOf(/^Suburb or city/)).toMatch(/required/);
    expect(api.to('PUT /api/iam/admin/update/site-setting')).toHaveLength(0);
  });

  describe('on the map', () => {
    // happy-dom lays nothing out: give the map's box a phone's size, so Leaflet has a view to click.
    const sizes = ['clientWidth', 'clientHeight', 'offsetWidth', 'offsetHeight'] as const;
    beforeEach(() => {
      for (const key of sizes) Object.defineProperty(HTMLElement.prototype, key, { configurable: true, get: () => 400 });
    });
    afterEach(() => {
      for (const key of sizes) delete (HTMLElement.prototype as unknown as Record<string, unknown>)[key];
    });

    it('moves the location to a point clicked on the map and names it after the nearest place, or says none is near', async () => {
      let held: Promise<void> = Promise.resolve();
      let near: unknown = { ...HOBART, name: 'Darlinghurst', admin1: 'New South Wales', label: 'Darlinghurst, New South Wales, Australia' };
      const api = serve({
        'GET /api/site-settings/get-site': () => success({ name: 'Leafline', tagline: 'Grow', defaultLocation: SYDNEY, settings: {} }),
        'GET /api/location/places-near': () => success({ places: [], attribution: 'GeoNames' }),
        'GET /api/location/place-at': async () => {
          await held;
          return success({ place: near });
        },
      });
      renderRoute('/settings/location', { auth: AUTH.admin });
      await screen.findByText('Sydney, NSW, Australia');
      fireEvent.click(screen.getByRole('button', { name: 'Move and zoom the map' }));
      await waitFor(() => expect(document.querySelector('.leaflet-container')).toBeTruthy());
      const map = document.querySelector<HTMLElement>('.leaflet-container')!;
      fireEvent.click(map, { clientX: 300, clientY: 200 });
      expect(await screen.findByText('Moved to the point chosen on the map, named after the nearest place.')).toBeTruthy();
      const longitude = Number((screen.getByLabelText(/^Longitude/) as HTMLInputElement).value);
      expect(longitude).toBeGreaterThan(SYDNEY.longitude);
      expect((screen.getByLabelText(/^Suburb or city/) as HTMLInputElement).value).toBe('Darlinghurst');
      expect((screen.getByLabelText(/^State or region/) as HTMLInputElement).value).toBe('New South Wales');
      expect(api.to('GET /api/location/place-at')[0]!.url).toContain(`long=${longitude}`);

      near = null;
      fireEvent.click(map, { clientX: 20, clientY: 200 }); // the view follows the point: this is west of where it began
      expect(await screen.findByText(/No named place is near it: type its name/)).toBeTruthy();
      expect(Number((screen.getByLabelText(/^Longitude/) as HTMLInputElement).value)).toBeLessThan(SYDNEY.longitude);
      // The names of the last named point stay for the admin to change.
      expect((screen.getByLabelText(/^Suburb or city/) as HTMLInputElement).value).toBe('Darlinghurst');

      // Names typed while the point is being named are the admin's: the lookup does not replace them.
      let answer = () => {};
      held = new Promise((resolve) => (answer = resolve));
      near = { ...HOBART, name: 'Surry Hills', admin1: 'New South Wales', label: 'Surry Hills, New South Wales, Australia' };
      fireEvent.click(map, { clientX: 200, clientY: 200 });
      expect(await screen.findByText('Naming the point chosen on the map…')).toBeTruthy();
      fireEvent.change(screen.getByLabelText(/^Suburb or city/), { target: { value: 'Our garden' } });
      answer();
      expect(await screen.findByText('Moved to the point chosen on the map; the names you typed are kept.')).toBeTruthy();
      expect((screen.getByLabelText(/^Suburb or city/) as HTMLInputElement).value).toBe('Our garden');
    });
  });
});
