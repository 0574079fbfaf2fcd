import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PostView } from '@shared/answers/posts';
import { press, type } from '@/testing/forms';
import { AUTH, renderRoute } from '@/testing/render-route';
import { failure, success } from '@/testing/responses';
import { serve, type Handler } from '@/testing/serve';

const ID = '3b2f6a1e-8c4d-4e5f-9a6b-7c8d9e0f1a2b';
const ME = AUTH.member.user.uuid;
const PHOTO_1 = `images/posts/${ME}/00000000-0000-4000-8000-000000000001.jpg`;
const PHOTO_2 = `images/posts/${ME}/00000000-0000-4000-8000-000000000002.webp`;

function plant(overrides: Partial<PostView> = {}): PostView {
  return {
    id: ID,
    kind: 'plant',
    type: 'plant/image',
    privacy: 'public',
    text: 'Grown from a node',
    tags: ['aroids'],
    photos: [
      { key: PHOTO_1, small: null, width: null, height: null, description: 'Whole plant' },
      { key: PHOTO_2, small: null, width: null, height: null, description: null },
    ],
    plant: { commonName: 'Monstera', botanicalName: 'Monstera deliciosa', availability: 'Available to swap', price: '$20' },
    available: true,
    owner: { type: 'user', id: ME, handle: 'fern_fan', name: 'Fern Gully', avatar: null },
    authorId: ME,
    reactionCount: 0,
    commentCount: 0,
    myReactionId: null,
    createdAt: '2025-01-01T00:00:00Z',
    updatedAt: '2025-01-01T00:00:00Z',
    ...overrides,
  };
}

function open(routes: Record<string, Handler> = {}, current: PostView = plant()) {
  const api = serve({ [`GET /api/iam/plant/${ID}`]: () => success({ plant: current, comments: [], responders: [] }), ...routes });
  const view = renderRoute(`/profile/plants/edit/${ID}`, { auth: AUTH.member });
  return { api, ...view };
}

const section = (name: string) => screen.getByRole('region', { name });

describe('edit a plant listing', () => {
  it('says when the listing is not there', async () => {
    serve({ [`GET /api/iam/plant/${ID}`]: () => failure(404, 'not_found', 'Not found') });
    renderRoute(`/profile/plants/edit/${ID}`, { auth: AUTH.member });
    expect(await screen.findByRole('heading', { name: 'Plant listing not found' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Edit plant listing');
  });

  it('does not offer to edit someone else\'s plant', async () => {
    open({}, plant({ authorId: '11111111-1111-4111-8111-111111111111' }));
    expect(await screen.findByRole('heading', { name: 'You can only edit your own plants' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save details' })).toBeNull();
    expect(screen.getByRole('link', { name: 'See the listing' }).getAttribute('href')).toBe(`/plant/${ID}`);
  });

  it('saves the details, availability and privacy on their own', async () => {
    const { api } = open({
      'PUT /api/iam/plant/update/details': (call) =>
        success({ plant: plant({ privacy: 'members', plant: { ...(call.body!.plant as PostView['plant'] & object) } }) }),
    });
    await screen.findByRole('button', { name: 'Save details' });
    const details = section('Details and availability');
    expect((within(details).getByLabelText('Common name') as HTMLInputElement).value).toBe('Monstera');
    expect((within(details).getByRole('button', { name: 'Save details' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(within(details).getByLabelText(/Price/), { target: { value: '' } });
    fireEvent.change(within(details).getByLabelText('Availability'), { target: { value: 'Not available' } });
    fireEvent.change(within(details).getByLabelText('Who can see it'), { target: { value: 'members' } });
    press('Save details');
    expect(await within(details).findByText('Details saved.')).toBeTruthy();
    expect(api.to('PUT /api/iam/plant/update/details')[0]!.body).toEqual({
      postId: ID,
      userId: ME,
      plant: { commonName: 'Monstera', botanicalName: 'Monstera deliciosa', availability: 'Not available' },
      privacy: 'members',
      csrf_token: 'csrf-123',
    });
    // Only that section was sent (the tab's socket ticket aside).
    expect(api.calls.filter((c) => c.method !== 'GET' && c.path !== '/api/iam/realtime/ticket')).toHaveLength(1);
    expect((within(details).getByRole('button', { name: 'Save details' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('checks the details before saving', async () => {
    const { api } = open();
    await screen.findByRole('button', { name: 'Save details' });
    type('Common name', ' ');
    press('Save details');
    expect(await screen.findByText('Common name is required')).toBeTruthy();
    expect(api.to('PUT /api/iam/plant/update/details')).toHaveLength(0);
  });

  it('saves the photo descriptions', async () => {
    const { api } = open({
      'PUT /api/iam/plant/update/photo-descriptions': (call) =>
        success({ plant: plant({ photos: (call.body!.plantPhotos as Array<{ key: string; description: string }>).map((p) => ({ key: p.key, small: null, width: null, height: null, description: p.description || null })) }) }),
    });
    await screen.findByRole('button', { name: 'Save descriptions' });
    const photos = section('Photos');
    expect(within(photos).getByAltText('Whole plant').getAttribute('src')).toBe(`/${PHOTO_1}`);
    expect(within(photos).getByAltText('Photo 2 of Monstera')).toBeTruthy();
    fireEvent.change(within(photos).getByLabelText(/Description of photo 2/), { target: { value: 'Aerial roots' } });
    press('Save descriptions');
    expect(await within(photos).findByText('Photo descriptions saved.')).toBeTruthy();
    expect(api.to('PUT /api/iam/plant/update/photo-descriptions')[0]!.body).toEqual({
      id: ID,
      uuid: ME,
      plantPhotos: [
        { key: PHOTO_1, description: 'Whole plant' },
        { key: PHOTO_2, description: 'Aerial roots' },
      ],
      csrf_token: 'csrf-123',
    });
    expect(within(photos).getByAltText('Aerial roots')).toBeTruthy();
  });

  it('saves the text and tags', async () => {
    const { api } = open({
      'PUT /api/iam/posts/update/textandtags': (call) => success({ post: plant({ text: String(call.body!.text), tags: call.body!.tags as string[] }) }),
    });
    await screen.findByRole('button', { name: 'Save text and tags' });
    const text = section('Text and tags');
    fireEvent.change(within(text).getByLabelText(/About this plant/), { target: { value: 'Now with three leaves' } });
    const tags = within(text).getByRole('combobox', { name: /Tags/ });
    fireEvent.change(tags, { target: { value: 'Cuttings' } });
    fireEvent.keyDown(tags, { key: 'Enter' });
    fireEvent.click(within(text).getByRole('button', { name: 'Remove tag aroids' }));
    press('Save text and tags');
    expect(await within(text).findByText('Text and tags saved.')).toBeTruthy();
    expect(api.to('PUT /api/iam/posts/update/textandtags')[0]!.body).toEqual({
      postId: ID,
      userId: ME,
      text: 'Now with three leaves',
      tags: ['cuttings'],
      csrf_token: 'csrf-123',
    });
  });

  it('deletes only after confirmation, then goes to the owner\'s plants', async () => {
    const { api, router } = open({ 'DELETE /api/iam/posts': () => success({ deleted: true }) });
    await screen.findByRole('button', { name: 'Delete this listing…' });
    press('Delete this listing…');
    let dialog = screen.getByRole('dialog', { name: 'Delete this plant listing?' });
    expect(within(dialog).getByText(/Monstera and its photos/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.to('DELETE /api/iam/posts')).toHaveLength(0);

    press('Delete this listing…');
    dialog = screen.getByRole('dialog', { name: 'Delete this plant listing?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete listing' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/plants'));
    expect(api.to('DELETE /api/iam/posts')[0]!.body).toEqual({ postId: ID, userId: ME, csrf_token: 'csrf-123' });
    expect(await screen.findByText('Your plant listing was deleted.')).toBeTruthy();
  });

  it('keeps the dialog open with the reason when the delete fails', async () => {
    open({ 'DELETE /api/iam/posts': () => failure(403, 'forbidden', 'You can only delete your own posts') });
    await screen.findByRole('button', { name: 'Delete this listing…' });
    press('Delete this listing…');
    fireEvent.click(screen.getByRole('button', { name: 'Delete listing' }));
    expect(await screen.findByText('You can only delete your own posts')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
