import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PostView } from '@shared/answers/posts';
import { authStore } from '@/lib/auth/auth-store';
import { createQueryClient } from '@/lib/query-client';
import { errorOf, press, type } from '@/testing/forms';
import { AUTH } from '@/testing/render-route';
import { failure, success } from '@/testing/responses';
import { serve } from '@/testing/serve';
import { Composer } from './composer';
import { FakeXHR, nextXhr, photoFile, pickPhotos, stubPhotoPlatform } from '../testing';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const KEY = 'images/posts/6f1c1f7e-3c1b-4a7e-9d55-0c9f0c2d4a11/00000000-0000-4000-8000-000000000001.jpg';

function postView(id: string, overrides: Partial<PostView> = {}): PostView {
  return {
    id,
    kind: 'post',
    type: 'text/image',
    privacy: 'public',
    text: 'Hello',
    tags: [],
    photos: [],
    plant: null,
    available: false,
    owner: { type: 'user', id: AUTH.member.user.uuid, handle: 'fern_fan', name: 'Fern Gully', avatar: null },
    authorId: AUTH.member.user.uuid,
    reactionCount: 0,
    commentCount: 0,
    myReactionId: null,
    createdAt: '2025-01-01T00:00:00Z',
    updatedAt: '2025-01-01T00:00:00Z',
    ...overrides,
  };
}

function renderComposer(onCreated = vi.fn(), auth: { loggedIn: boolean; user: typeof AUTH.member.user } = AUTH.member, { open = true } = {}) {
  authStore.set(auth);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <Composer onCreated={onCreated} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  // As a person does: into the text box first, which opens the rest of the form.
  if (open) act(() => screen.getByLabelText('Your post').focus());
  return onCreated;
}

describe('composer', () => {
  beforeEach(() => {
    stubPhotoPlatform();
  });

  it('starts as its text box and opens the rest when focused', () => {
    renderComposer(vi.fn(), AUTH.member, { open: false });
    expect(screen.getByLabelText('Your post').getAttribute('rows')).toBe('2');
    expect(screen.queryByRole('button', { name: 'Post' })).toBeNull();
    expect(screen.queryByLabelText('Who can see it')).toBeNull();
    act(() => screen.getByLabelText('Your post').focus());
    expect(screen.getByRole('button', { name: 'Post' })).toBeTruthy();
    expect(screen.getByLabelText('Who can see it')).toBeTruthy();
    expect(screen.getByLabelText('Your post').getAttribute('rows')).toBe('4');
  });

  it('sends one id per draft: a retry after a failure reuses it, the next draft gets a new one', async () => {
    let calls = 0;
    const api = serve({
      'POST /api/iam/posts/new': (call) => {
        calls += 1;
        return calls === 1 ? failure(503, 'unavailable', 'The service is busy; try again') : success({ post: postView(String(call.body!.id), { text: String(call.body!.text) }) }, 201);
      },
    });
    const onCreated = renderComposer();
    type('Your post', '  First cutting of the season  ');
    fireEvent.change(screen.getByLabelText('Who can see it'), { target: { value: 'members' } });
    press('Post');
    expect(await screen.findByText('The service is busy; try again')).toBeTruthy();

    press('Post');
    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
    const [first, second] = api.to('POST /api/iam/posts/new');
    expect(first!.body).toMatchObject({ text: 'First cutting of the season', tags: [], photos: [], privacy: 'members' });
    expect(first!.body!.id).toMatch(UUID);
    expect(second!.body!.id).toBe(first!.body!.id);
    expect(onCreated.mock.calls[0]![0]).toMatchObject({ id: first!.body!.id, text: 'First cutting of the season' });

    // Cleared for the next one, which is a new post.
    await waitFor(() => expect((screen.getByLabelText('Your post') as HTMLTextAreaElement).value).toBe(''));
    // Closed again to its text box; reopened, the choices are back to their defaults.
    expect(screen.queryByLabelText('Who can see it')).toBeNull();
    act(() => {
      (document.activeElement as HTMLElement | null)?.blur();
      screen.getByLabelText('Your post').focus();
    });
    expect((screen.getByLabelText('Who can see it') as HTMLSelectElement).value).toBe('public');
    expect(screen.getByText(/Your post is shared/)).toBeTruthy();
    type('Your post', 'Second');
    press('Post');
    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(2));
    expect(api.to('POST /api/iam/posts/new')[2]!.body!.id).not.toBe(first!.body!.id);
  });

  it('asks for text or a photo before calling the server, and shows server field errors beside the fields', async () => {
    const api = serve({ 'POST /api/iam/posts/new': () => failure(400, 'validation', 'tags must hold at most 10 tags', 'tags') });
    renderComposer();
    press('Post');
    expect(errorOf('Your post')).toBe('Write something or add a photo.');
    expect(api.calls).toHaveLength(0);

    type('Your post', 'Look at this');
    const tags = screen.getByRole('combobox', { name: /Tags/ });
    fireEvent.change(tags, { target: { value: 'ferns' } });
    fireEvent.keyDown(tags, { key: 'Enter' });
    press('Post');
    await waitFor(() => expect(screen.getByText('Tags must hold at most 10 tags')).toBeTruthy());
    expect(tags.getAttribute('aria-invalid')).toBe('true');
    expect(api.to('POST /api/iam/posts/new')[0]!.body).toMatchObject({ tags: ['ferns'] });
  });

  it('sends uploaded photos with their descriptions, and waits while they upload', async () => {
    const api = serve({
      'POST /api/iam/images/upload-url': () => success({ url: 'https://bucket.example/put', key: KEY, headers: {} }),
      'POST /api/iam/posts/new': (call) => success({ post: postView(String(call.body!.id)) }, 201),
    });
    const onCreated = renderComposer();
    pickPhotos([photoFile('pothos.jpg')]);
    const xhr = await nextXhr(0);
    const button = screen.getByRole('button', { name: 'Uploading photos…' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    xhr.respond(200);
    await screen.findByText('Uploaded');
    fireEvent.change(screen.getByLabelText(/Description of photo 1/), { target: { value: 'Pothos in a jar' } });
    press('Post');
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(api.to('POST /api/iam/posts/new')[0]!.body).toMatchObject({ text: '', photos: [{ key: KEY, description: 'Pothos in a jar' }] });
    await waitFor(() => expect(screen.queryByText('Uploaded')).toBeNull());
    expect(FakeXHR.all).toHaveLength(1);
  });

  it('will not send while a photo failed to upload', async () => {
    const api = serve({ 'POST /api/iam/images/upload-url': () => success({ url: 'https://bucket.example/put', key: KEY, headers: {} }) });
    renderComposer();
    type('Your post', 'Text');
    pickPhotos([photoFile('a.jpg')]);
    (await nextXhr(0)).respond(403);
    await screen.findByText('Upload failed');
    press('Post');
    expect(screen.getByText('Remove or retry the photos that did not upload.')).toBeTruthy();
    expect(api.to('POST /api/iam/posts/new')).toHaveLength(0);
  });

  it('shows the way to registration when the server refuses an incomplete account', async () => {
    serve({ 'POST /api/iam/posts/new': () => failure(403, 'forbidden', 'Complete your registration first') });
    renderComposer(vi.fn(), { loggedIn: true, user: { ...AUTH.member.user } });
    type('Your post', 'Hi');
    press('Post');
    expect(await screen.findByText('Complete your registration first')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Complete your registration' }).getAttribute('href')).toBe('/auth/register');
  });

  it('tells an unregistered account before it tries, and a suspended one no such thing', async () => {
    serve({ 'POST /api/iam/posts/new': () => failure(403, 'forbidden', 'You may not do this') });
    renderComposer(vi.fn(), AUTH.unregistered as { loggedIn: boolean; user: typeof AUTH.member.user });
    expect(screen.getByText('Complete your registration to share')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Complete your registration' }).getAttribute('href')).toBe('/auth/register');
    cleanup();

    renderComposer(vi.fn(), { loggedIn: true, user: { ...AUTH.member.user, suspended: true } });
    type('Your post', 'Hi');
    press('Post');
    expect(await screen.findByText('You may not do this')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Complete your registration' })).toBeNull();
  });
});
