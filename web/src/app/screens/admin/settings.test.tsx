import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorOf, press, type } from '@/testing/forms';
import { AUTH, renderRoute } from '@/testing/render-route';
import { failure, success } from '@/testing/responses';
import { serve } from '@/testing/serve';

const SITE = {
  name: 'Leafline',
  tagline: 'Grow together',
  defaultLocation: { latitude: -33.8688, longitude: 151.2093, suburb_city: 'Sydney', state: 'NSW', country: 'Australia' },
  settings: { max_photos: 6 },
};

describe('/admin/settings', () => {
  it('lists the public settings and changes one', async () => {
    let site = SITE;
    const api = serve({
      'GET /api/site-settings/get-site': () => success(site),
      'PUT /api/iam/admin/update/site-setting': (c) => {
        site = { ...SITE, settings: { max_photos: 8 } };
        return success(c.body);
      },
    });
    renderRoute('/admin/settings', { auth: AUTH.admin });
    expect(await screen.findByText('site_tagline')).toBeTruthy();
    expect(screen.getByText('default_location')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit max_photos' }));
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('max_photos');
    expect((screen.getByLabelText('Type') as HTMLSelectElement).value).toBe('number');
    type('Value', 'eight');
    press('Save setting');
    expect(errorOf('Value')).toBe('Value is not a valid number');
    type('Value', '8');
    press('Save setting');
    expect((await screen.findByRole('status')).textContent).toContain('Saved max_photos.');
    expect(api.to('PUT /api/iam/admin/update/site-setting')[0]?.body).toEqual({
      name: 'max_photos',
      value: '8',
      dataType: 'number',
      isPublic: true,
      csrf_token: 'csrf-123',
    });
    await waitFor(() => expect(screen.getAllByText('8').some((el) => el.tagName === 'PRE')).toBe(true));
  });

  it('checks the name and shows server field errors beside the field', async () => {
    serve({
      'GET /api/site-settings/get-site': () => success(SITE),
      'PUT /api/iam/admin/update/site-setting': () => failure(400, 'invalid_input', 'value is not a valid json', 'value'),
    });
    renderRoute('/admin/settings', { auth: AUTH.admin });
    await screen.findByText('site_tagline');
    type('Name', 'Bad Name');
    press('Save setting');
    expect(errorOf('Name')).toBe('Name must be 2-64 characters of a-z, 0-9 and _, starting with a letter');
    type('Name', 'banner');
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'json' } });
    type('Value', '{"a":1}');
    press('Save setting');
    await waitFor(() => expect(errorOf('Value')).toBe('Value is not a valid json'));
  });
});
