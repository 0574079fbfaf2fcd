import { useQuery } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AUTH } from '@/testing/render-route';
import { failure, success } from '@/testing/responses';
import { serve } from '@/testing/serve';
import { postQuery } from '../api/posts';
import { makeDetail, makePlant, makePost, MEMBER_ID, mine, renderContent, uuid } from '../testing';
import { PhotoGrid } from './photo-grid';
import { PostCard } from './post-card';

/** A post's card as its page shows it: read from the cached page. */
function CachedPost({ id }: { id: string }) {
  const { data } = useQuery(postQuery(MEMBER_ID, id));
  return data ? <PostCard post={data.post} variant="full" /> : null;
}

const later = <T,>(value: T, ms = 30) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));
const likeButton = () => screen.getByRole('button', { name: /^Like this post/ });

describe('PostCard', () => {
  it('shows the owner in title case, the text, tags, privacy and counts with thousands separators', () => {
    const post = makePost({ commentCount: 1 });
    renderContent(<PostCard post={post} />);
    const card = screen.getByRole('article', { name: 'Post by Mary-Jane Moss' });
    expect(within(card).getByRole('link', { name: 'Mary-Jane Moss' }).getAttribute('href')).toBe('/moss_lover');
    expect(within(card).getByText('My fern finally unfurled a new frond.')).toBeTruthy();
    expect(within(card).getByRole('link', { name: '#ferns' }).getAttribute('href')).toBe('/tag/ferns');
    expect(within(card).getByText('Public')).toBeTruthy();
    expect(within(card).getByText('5 minutes ago')).toBeTruthy();
    expect(likeButton().textContent).toBe('1,233');
    expect(within(card).getByRole('link', { name: '1 comment' }).getAttribute('href')).toBe(`/post/${post.id}#comments`);
    // Another member's post offers only Report; a guest gets no menu at all.
    fireEvent.click(screen.getByRole('button', { name: /Actions for this/ }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Report']);
  });

  it('gives a guest no menu on a post', () => {
    renderContent(<PostCard post={makePost()} />, { auth: AUTH.guest });
    expect(screen.getByRole('article', { name: 'Post by Mary-Jane Moss' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Actions for this/ })).toBeNull();
  });

  it('offers Report only to registered members: the API refuses the others', () => {
    for (const auth of [AUTH.unverified, AUTH.unregistered]) {
      const view = renderContent(<PostCard post={makePost()} />, { auth });
      expect(screen.getByRole('article', { name: 'Post by Mary-Jane Moss' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: /Actions for this/ })).toBeNull();
      view.unmount();
    }
  });

  it('uses photo descriptions as alt text and marks private posts', () => {
    const photos = [
      { key: `images/posts/${uuid(1)}/${uuid(1, 'a')}.jpg`, small: null, width: null, height: null, description: 'A fiddlehead' },
      { key: `images/posts/${uuid(1)}/${uuid(2, 'a')}.jpg`, small: null, width: null, height: null, description: null },
    ];
    renderContent(<PostCard post={makePost({ photos, privacy: 'private' })} />);
    const images = screen.getAllByRole('img');
    expect(images.map((i) => i.getAttribute('alt'))).toEqual(['A fiddlehead', 'Photo 2 of 2']);
    expect(images[0]!.getAttribute('src')).toBe(`/${photos[0]!.key}`);
    expect(screen.getByText('Private: only you')).toBeTruthy();
  });

  it('shows cards the small rendition, never the original, and keeps each photo its box before it loads', () => {
    const key = `images/posts/${uuid(1)}/${uuid(1, 'a')}.jpg`;
    const small = key.replace('.jpg', '.w640.jpg');
    const tall = { key, small, width: 1000, height: 2000, description: 'A tall fern' };
    const { unmount } = renderContent(<PostCard post={makePost({ photos: [tall] })} />);
    const img = screen.getByRole('img', { name: 'A tall fern' });
    expect(img.getAttribute('src')).toBe(`/${small}`);
    expect(img.getAttribute('srcset')).toBeNull();
    // A lone photo keeps its shape within 4:5 and 16:9 (this one is 1:2, so 4:5).
    expect(img.style.aspectRatio).toBe(`${4 / 5} / 1`);
    unmount();

    renderContent(<PostCard post={makePost({ photos: [{ ...tall, small: null, width: null, height: null }] })} />);
    const old = screen.getByRole('img', { name: 'A tall fern' });
    expect(old.getAttribute('src')).toBe(`/${key}`);
    expect(old.style.aspectRatio).toBe(`${4 / 3} / 1`);
  });

  it('offers the full view both sizes, with the photo\'s own shape reserved', () => {
    const key = `images/posts/${uuid(1)}/${uuid(1, 'a')}.jpg`;
    const small = key.replace('.jpg', '.w640.jpg');
    renderContent(<PhotoGrid full href="/post/x" photos={[{ key, small, width: 1600, height: 1200, description: 'Pots' }]} />);
    const img = screen.getByRole('img', { name: 'Pots' });
    expect(img.getAttribute('src')).toBe(`/${key}`);
    expect(img.getAttribute('srcset')).toBe(`/${small} 640w, /${key} 1600w`);
    expect(img.style.aspectRatio).toBe(`${1600 / 1200} / 1`);
  });

  it('likes at once, then keeps what the server says', async () => {
    const api = serve({
      'POST /api/iam/posts/reaction/new': () =>
        later(success({ reaction: { id: `p.${uuid(1)}.${MEMBER_ID}`, postId: uuid(1), commentId: null, reactionCount: 1240 } }, 201)),
    });
    renderContent(<PostCard post={makePost()} />);
    fireEvent.click(likeButton());
    // Optimistic: before any answer.
    expect(likeButton().getAttribute('aria-pressed')).toBe('true');
    expect(likeButton().textContent).toBe('1,234');
    await waitFor(() => expect(likeButton().textContent).toBe('1,240'));
    expect(api.to('POST /api/iam/posts/reaction/new')[0]!.body).toEqual({ post_id: uuid(1), csrf_token: 'csrf-123' });
  });

  it('puts the like back when the server refuses it', async () => {
    serve({ 'POST /api/iam/posts/reaction/new': () => later(failure(409, 'conflict', 'The post is gone')) });
    renderContent(<PostCard post={makePost()} />);
    fireEvent.click(likeButton());
    expect(likeButton().textContent).toBe('1,234');
    expect((await screen.findByRole('alert')).textContent).toContain('The post is gone');
    expect(likeButton().textContent).toBe('1,233');
    expect(likeButton().getAttribute('aria-pressed')).toBe('false');
  });

  it('undoes a like with its reaction id', async () => {
    const reactionId = `p.${uuid(1)}.${MEMBER_ID}`;
    const api = serve({ 'DELETE /api/iam/posts/reaction': () => later(success({ reactionCount: 1232 })) });
    const { queryClient } = renderContent(<PostCard post={makePost({ myReactionId: reactionId })} />);
    expect(likeButton().getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(likeButton());
    expect(likeButton().textContent).toBe('1,232');
    expect(likeButton().getAttribute('aria-pressed')).toBe('false');
    await waitFor(() => expect(api.to('DELETE /api/iam/posts/reaction')).toHaveLength(1));
    expect(api.to('DELETE /api/iam/posts/reaction')[0]!.body).toEqual({ id: reactionId, csrf_token: 'csrf-123' });
    // The undo's answer is handled (nothing re-applies the like once it settles).
    await waitFor(() => expect(queryClient.isMutating()).toBe(0));
    expect(likeButton().textContent).toBe('1,232');
    expect(likeButton().getAttribute('aria-pressed')).toBe('false');
  });

  it('keeps the like when undoing it fails', async () => {
    serve({ 'DELETE /api/iam/posts/reaction': () => later(failure(403, 'forbidden', 'Not yours')) });
    renderContent(<PostCard post={makePost({ myReactionId: `p.${uuid(1)}.${MEMBER_ID}` })} />);
    fireEvent.click(likeButton());
    expect(likeButton().getAttribute('aria-pressed')).toBe('false');
    expect((await screen.findByRole('alert')).textContent).toContain('Not yours');
    expect(likeButton().getAttribute('aria-pressed')).toBe('true');
    expect(likeButton().textContent).toBe('1,233');
  });

  it('asks guests to sign in to like', () => {
    renderContent(<PostCard post={makePost()} />, { auth: AUTH.guest, path: '/tag/ferns' });
    const link = screen.getByRole('link', { name: /1,233 likes\. Sign in to like this post/ });
    expect(link.getAttribute('href')).toBe(`/auth/login?redirect=${encodeURIComponent('/tag/ferns')}`);
    expect(screen.queryByRole('button', { name: /^Like/ })).toBeNull();
  });

  it('lets the owner delete, only after confirming', async () => {
    const post = mine(makePost());
    const onDeleted = vi.fn();
    const api = serve({ 'DELETE /api/iam/posts': () => success({ deleted: true }) });
    renderContent(<PostCard post={post} onDeleted={onDeleted} />);
    const menuButton = screen.getByRole('button', { name: 'Actions for this post' });
    fireEvent.click(menuButton);
    const menu = screen.getByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Edit', 'Delete']);
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this post?' });
    expect(dialog.textContent).toContain('cannot be undone');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls).toHaveLength(0);

    fireEvent.click(menuButton);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete post' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalledWith(post));
    expect(api.to('DELETE /api/iam/posts')[0]!.body).toEqual({ postId: post.id, userId: MEMBER_ID, csrf_token: 'csrf-123' });
  });

  it('lets the owner edit the text and tags in the card, then shows the saved post and reads it again', async () => {
    let current = mine(makePost({ tags: ['ferns', 'shade'] }));
    const api = serve({
      [`GET /api/post/${current.id}`]: () => success(makeDetail({ post: current })),
      'PUT /api/iam/posts/update/textandtags': (call) => {
        current = { ...current, text: String(call.body!.text), tags: call.body!.tags as string[], updatedAt: new Date().toISOString() };
        return later(success({ post: current }));
      },
    });
    // As a screen shows it: the card reads the post from its cached page.
    const { queryClient } = renderContent(<CachedPost id={current.id} />);
    const feedKey = ['content', MEMBER_ID, 'feed', 'home', 'postsAll'];
    queryClient.setQueryData(feedKey, { pages: [{ items: [current], cursorId: null }], pageParams: [null] });
    const menuButton = await screen.findByRole('button', { name: 'Actions for this post' });
    fireEvent.click(menuButton);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Edit' }));
    const editor = await screen.findByRole('form', { name: 'Edit post' });
    const text = within(editor).getByLabelText('Your post') as HTMLTextAreaElement;
    expect(text.value).toBe('My fern finally unfurled a new frond.');
    expect(document.activeElement).toBe(text);
    // While editing, the tags are the editor's chips, not the card's links.
    expect(screen.queryByRole('list', { name: 'Tags' })).toBeNull();
    fireEvent.change(text, { target: { value: 'Two new fronds now. Care guide: https://example.com/ferns.' } });
    fireEvent.click(within(editor).getByRole('button', { name: 'Remove tag shade' }));
    const tagBox = within(editor).getByRole('combobox', { name: /Tags/ });
    fireEvent.change(tagBox, { target: { value: 'fronds' } });
    fireEvent.keyDown(tagBox, { key: 'Enter' });
    fireEvent.click(within(editor).getByRole('button', { name: 'Save' }));
    expect(within(editor).getByRole('button', { name: 'Saving…' })).toBeTruthy();

    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit post' })).toBeNull());
    expect(api.to('PUT /api/iam/posts/update/textandtags').map((c) => c.body)).toEqual([
      { postId: current.id, userId: MEMBER_ID, text: 'Two new fronds now. Care guide: https://example.com/ferns.', tags: ['ferns', 'fronds'], csrf_token: 'csrf-123' },
    ]);
    const card = screen.getByRole('article', { name: 'Post by Fern Gully' });
    expect(card.textContent).toContain('Two new fronds now.');
    expect(within(card).getByRole('link', { name: 'https://example.com/ferns' }).getAttribute('href')).toBe('https://example.com/ferns');
    expect(within(card).getByRole('list', { name: 'Tags' }).textContent).toBe('#ferns#fronds');
    // It moved to the front of its lists: the cached ones hold the new text and are read again, its page at once.
    expect((queryClient.getQueryData(feedKey) as { pages: { items: { text: string }[] }[] }).pages[0]!.items[0]!.text).toContain('Two new fronds');
    expect(queryClient.getQueryState(feedKey)?.isInvalidated).toBe(true);
    await waitFor(() => expect(api.to(`GET /api/post/${current.id}`)).toHaveLength(2));
    expect(document.activeElement).toBe(menuButton);
  });

  it('keeps a post without photos from losing its text, shows a refusal in the editor, and Cancel leaves the post as it was', async () => {
    const post = mine(makePost());
    const api = serve({ 'PUT /api/iam/posts/update/textandtags': () => later(failure(403, 'forbidden', 'Only members who may post as the page can change its news')) });
    renderContent(<PostCard post={post} />);
    fireEvent.click(screen.getByRole('button', { name: 'Actions for this post' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Edit' }));
    const editor = await screen.findByRole('form', { name: 'Edit post' });
    const text = within(editor).getByLabelText('Your post');
    fireEvent.change(text, { target: { value: '   ' } });
    fireEvent.click(within(editor).getByRole('button', { name: 'Save' }));
    expect(within(editor).getByText('Write something: a post without photos needs its text.')).toBeTruthy();
    expect(text.getAttribute('aria-invalid')).toBe('true');
    expect(api.calls).toHaveLength(0);

    fireEvent.change(text, { target: { value: 'A better text.' } });
    fireEvent.click(within(editor).getByRole('button', { name: 'Save' }));
    expect((await within(editor).findByRole('alert')).textContent).toContain('Only members who may post as the page can change its news');
    expect(screen.getByRole('form', { name: 'Edit post' })).toBeTruthy();

    fireEvent.click(within(editor).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Edit post' })).toBeNull();
    expect(screen.getByText('My fern finally unfurled a new frond.')).toBeTruthy();
    expect(api.calls).toHaveLength(1);

    // Escape closes it too.
    fireEvent.click(screen.getByRole('button', { name: 'Actions for this post' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Edit' }));
    fireEvent.keyDown(await screen.findByLabelText('Your post'), { key: 'Escape' });
    expect(screen.queryByRole('form', { name: 'Edit post' })).toBeNull();
  });

  it('shows links in the text as links, with the rules of messages', () => {
    renderContent(<PostCard post={makePost({ text: 'Repotting guide (https://example.com/repot?step=1). And javascript:alert(1) stays text.' })} />);
    const link = screen.getByRole('link', { name: 'https://example.com/repot?step=1' });
    expect(link.getAttribute('href')).toBe('https://example.com/repot?step=1');
    expect(link.getAttribute('rel')).toBe('noopener nofollow ugc');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('article').textContent).toContain('(https://example.com/repot?step=1). And javascript:alert(1) stays text.');
    expect(screen.queryByRole('link', { name: /javascript/ })).toBeNull();
  });

  it('closes the owner menu with Escape, giving focus back to its button', () => {
    renderContent(<PostCard post={mine(makePost())} />);
    const menuButton = screen.getByRole('button', { name: 'Actions for this post' });
    fireEvent.click(menuButton);
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Edit' }));
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(menuButton);
  });
});

describe('PostCard of a plant listing', () => {
  it('shows the names, a green availability badge and the facts', () => {
    const plant = makePlant();
    renderContent(<PostCard post={plant} />);
    const card = screen.getByRole('article', { name: 'Swiss Cheese Plant, listed by Mary-Jane Moss' });
    expect(within(card).getByRole('link', { name: 'Swiss Cheese Plant' }).getAttribute('href')).toBe(`/plant/${plant.id}`);
    expect(within(card).getByText('Monstera deliciosa')).toBeTruthy();
    const badge = within(card).getByText('Available to swap');
    expect(badge.className).toContain('bg-primary-100');
    expect(within(card).getByText('$10')).toBeTruthy();
    expect(screen.getByRole('img').getAttribute('alt')).toBe('A rooted cutting in water');
  });

  it('says "Not available" in grey when the plant is not available', () => {
    const plant = makePlant({ available: false, plant: { commonName: 'ZZ plant', availability: 'Not available right now' } });
    renderContent(<PostCard post={plant} />);
    const badge = screen.getByText('Not available');
    expect(badge.className).toContain('bg-gray-200');
    expect(screen.queryByText('Not available right now')).toBeNull();
  });

  it('offers its owner Edit (to the plant editor) and Delete', () => {
    const plant = mine(makePlant());
    renderContent(<PostCard post={plant} />);
    fireEvent.click(screen.getByRole('button', { name: 'Actions for this plant' }));
    expect(screen.getByRole('menuitem', { name: 'Edit' }).getAttribute('href')).toBe(`/profile/plants/edit/${plant.id}`);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    expect(screen.getByRole('dialog', { name: 'Delete this plant?' })).toBeTruthy();
  });
});
