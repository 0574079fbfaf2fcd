import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { nextXhr, photoFile, pickPhotos, stubPhotoPlatform } from '@/features/compose/testing';
import { errorOf, press, type } from '@/testing/forms';
import { AUTH, renderRoute } from '@/testing/render-route';
import { failure, success } from '@/testing/responses';
import { serve } from '@/testing/serve';

const KEY = 'images/posts/6f1c1f7e-3c1b-4a7e-9d55-0c9f0c2d4a11/00000000-0000-4000-8000-000000000001.jpg';

async function open() {
  await screen.findByRole('heading', { level: 1, name: 'List a plant' });
  return screen.findByRole('button', { name: 'List plant' });
}

describe('list a plant', () => {
  beforeEach(() => {
    stubPhotoPlatform();
  });

  it('needs a common name and a photo before calling the server', async () => {
    const api = serve({});
    renderRoute('/profile/plants/create', { auth: AUTH.member });
    await open();
    press('List plant');
    expect(errorOf('Common name')).toBe('Common name is required');
    expect(screen.getByText('Add at least one photo of the plant.')).toBeTruthy();
    expect(api.to('POST /api/iam/plant/new')).toHaveLength(0);
    // Focus goes to the first field in error.
    expect(document.activeElement).toBe(screen.getByLabelText('Common name'));
  });

  it('sends the details, photos with descriptions, tags and privacy, then opens the new listing', async () => {
    const api = serve({
      'POST /api/iam/images/upload-url': () => success({ url: 'https://bucket.example/put', key: KEY, headers: { 'content-type': 'image/jpeg' } }),
      'POST /api/iam/plant/new': (call) => success({ plant: { id: call.body!.id, kind: 'plant' } }, 201),
    });
    const { router } = renderRoute('/profile/plants/create', { auth: AUTH.member });
    await open();
    type('Common name', '  Monstera  ');
    type(/Botanical name/, 'Monstera deliciosa');
    fireEvent.change(screen.getByLabelText('Availability'), { target: { value: 'Available to swap' } });
    type(/Swap terms/, 'A cutting of anything variegated');
    type(/About this plant/, 'Grown from a node');
    fireEvent.change(screen.getByLabelText('Who can see it'), { target: { value: 'private' } });
    const tags = screen.getByRole('combobox', { name: /Tags/ });
    fireEvent.change(tags, { target: { value: 'aroids,' } });
    pickPhotos([photoFile('monstera.jpg')]);
    (await nextXhr(0)).respond(200);
    await screen.findByText('Uploaded');
    fireEvent.change(screen.getByLabelText(/Description of photo 1/), { target: { value: 'Leaf with fenestrations' } });
    press('List plant');

    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/plant\/[0-9a-f-]{36}$/));
    const [call] = api.to('POST /api/iam/plant/new');
    expect(call!.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      text: 'Grown from a node',
      plant: { commonName: 'Monstera', botanicalName: 'Monstera deliciosa', swapTerms: 'A cutting of anything variegated', availability: 'Available to swap' },
      plant_photos: [{ key: KEY, description: 'Leaf with fenestrations', width: 800, height: 600 }],
      privacy: 'private',
      tags: ['aroids'],
      csrf_token: 'csrf-123',
    });
    expect(router.state.location.pathname).toBe(`/plant/${call!.body!.id as string}`);
  });

  it('puts a server error about a detail beside its field', async () => {
    serve({
      'POST /api/iam/images/upload-url': () => success({ url: 'https://bucket.example/put', key: KEY, headers: {} }),
      'POST /api/iam/plant/new': () => failure(400, 'validation', 'plant.price must be at most 60 characters', 'plant.price'),
    });
    renderRoute('/profile/plants/create', { auth: AUTH.member });
    await open();
    type('Common name', 'Fern');
    type(/Price/, '$5');
    pickPhotos([photoFile('fern.jpg')]);
    (await nextXhr(0)).respond(200);
    await screen.findByText('Uploaded');
    press('List plant');
    await waitFor(() => expect(errorOf(/Price/)).toBe('Price must be at most 60 characters'));
  });

  it('sends an incomplete registration to the register page', async () => {
    serve({});
    renderRoute('/profile/plants/create', { auth: AUTH.unregistered });
    await screen.findByRole('heading', { level: 1, name: 'List a plant' });
    expect(screen.getByRole('link', { name: 'Complete your registration' }).getAttribute('href')).toBe('/auth/register');
    expect(screen.queryByRole('button', { name: 'List plant' })).toBeNull();
  });

  it('lists it as one of the member\'s pages when chosen ("List as"), never private', async () => {
    const card = (id: string, name: string, role: 'creator' | 'moderator' | 'member') => ({
      id, handle: name.toLowerCase().replace(/ /g, '_'), name, category: 'group', avatar: null, place: null, memberCount: 3, openness: 'open', my: { status: 'member', role },
    });
    const GARDEN = '0a0b0c0d-1111-4222-8333-444455556666';
    const NURSERY = '0a0b0c0d-1111-4222-8333-444455556667';
    const CLUB = '0a0b0c0d-1111-4222-8333-444455556668';
    const api = serve({
      [`GET /api/iam/pages/get-all-by-user/${AUTH.member.user.uuid}`]: () =>
        success({ pages: [card(GARDEN, 'Wattle Garden', 'member'), card(NURSERY, 'Fern Nursery', 'moderator'), card(CLUB, 'Cactus Club', 'member')], cursorId: null }),
      'POST /api/iam/images/upload-url': () => success({ url: 'https://bucket.example/put', key: KEY, headers: {} }),
      'POST /api/iam/plant/new': (call) => success({ plant: { id: call.body!.id, kind: 'plant' } }, 201),
    });
    renderRoute(`/profile/plants/create?page=${GARDEN}`, { auth: AUTH.member });
    await open();
    const listAs = screen.getByLabelText('List as') as HTMLSelectElement;
    // The page they came from (its profile offered it) and the one they moderate; not the other.
    expect([...listAs.options].map((o) => o.textContent)).toEqual(['Yourself (@fern_fan)', 'Wattle Garden', 'Fern Nursery']);
    expect(listAs.value).toBe(GARDEN);
    expect(screen.getByRole('heading', { name: 'List a plant as Wattle Garden' })).toBeTruthy();
    expect([...(screen.getByLabelText('Who can see it') as HTMLSelectElement).options].map((o) => o.value)).not.toContain('private');
    fireEvent.change(listAs, { target: { value: NURSERY } });
    type('Common name', 'Staghorn fern');
    pickPhotos([photoFile('fern.jpg')]);
    (await nextXhr(0)).respond(200);
    await screen.findByText('Uploaded');
    fireEvent.change(screen.getByLabelText(/Description of photo 1/), { target: { value: 'On a board' } });
    press('List plant');
    await waitFor(() => expect(api.to('POST /api/iam/plant/new')).toHaveLength(1));
    expect(api.to('POST /api/iam/plant/new')[0]!.body).toMatchObject({ pageId: NURSERY, plant: { commonName: 'Staghorn fern' } });
    expect(api.to('POST /api/iam/plant/new')[0]!.body!.privacy).not.toBe('private');
  });
});
