import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makePlant, uuid } from '@/features/content/testing';
import { AUTH, renderRoute } from '@/testing/render-route';
import { failure, success } from '@/testing/responses';
import { serve } from '@/testing/serve';

const ID = uuid(2);

describe('/plant/:plantId', () => {
  it('shows the plant in full: names, availability, details and every photo with its description', async () => {
    const photos = [
      { key: `images/posts/${ID}/${uuid(1, 'a')}.jpg`, small: null, width: null, height: null, description: 'Rooted cutting' },
      { key: `images/posts/${ID}/${uuid(2, 'a')}.webp`, small: null, width: null, height: null, description: 'The mother plant' },
      { key: `images/posts/${ID}/${uuid(3, 'a')}.png`, small: null, width: null, height: null, description: null },
      { key: `images/posts/${ID}/${uuid(4, 'a')}.jpg`, small: null, width: null, height: null, description: 'Leaf detail' },
      { key: `images/posts/${ID}/${uuid(5, 'a')}.jpg`, small: null, width: null, height: null, description: 'Pot size' },
    ];
    const plant = makePlant({
      photos,
      plant: { commonName: 'swiss cheese plant', botanicalName: 'monstera deliciosa', availability: 'Free to a good home', careNotes: 'Bright, indirect light.', size: '30 cm', swapTerms: 'Pick up only' },
    });
    const api = serve({ [`GET /api/plant/${ID}`]: () => success({ plant, comments: [], responders: [] }) });
    renderRoute(`/plant/${ID}`, { auth: AUTH.member });
    expect(await screen.findByRole('heading', { level: 1, name: 'Swiss Cheese Plant' })).toBeTruthy();
    await waitFor(() => expect(document.title).toContain('Swiss Cheese Plant'));
    expect(screen.getByText('Monstera deliciosa')).toBeTruthy();
    expect(screen.getAllByText('Free to a good home').length).toBeGreaterThan(0);
    const details = screen.getByText('Care notes').closest('dl')!;
    expect(within(details).getByText('Bright, indirect light.')).toBeTruthy();
    expect(within(details).getByText('Pick up only')).toBeTruthy();
    const figures = Array.from(document.querySelectorAll('figure'));
    expect(figures).toHaveLength(5);
    expect(figures.map((f) => f.querySelector('img')!.getAttribute('alt'))).toEqual(['Rooted cutting', 'The mother plant', 'Photo 3 of 5', 'Leaf detail', 'Pot size']);
    expect(figures.map((f) => f.querySelector('figcaption')?.textContent ?? null)).toEqual(['Rooted cutting', 'The mother plant', null, 'Leaf detail', 'Pot size']);
    expect(screen.getByLabelText('Comment on this plant')).toBeTruthy();
    expect(api.calls.filter((c) => c.path.startsWith('/api/plant/')).map((c) => c.url)).toEqual([`/api/plant/${ID}`]);
  });

  it('is the not-found page for a plant that is not there', async () => {
    serve({ [`GET /api/plant/${ID}`]: () => failure(404, 'not_found', 'Plant not found') });
    renderRoute(`/plant/${ID}`, { auth: AUTH.guest });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByText(`/plant/${ID}`, { selector: 'code' })).toBeTruthy();
  });

  it('lets a member ask to swap an available listing, offering one of their own, with one id across a retry', async () => {
    const plant = makePlant({ owner: { type: 'user', id: uuid(9), handle: 'ivy', name: 'Ivy Green', avatar: null } });
    const mine = makePlant({ id: uuid(3), plant: { commonName: 'Pothos', availability: 'Swap' } });
    let attempts = 0;
    const api = serve({
      [`GET /api/plant/${ID}`]: () => success({ plant, comments: [], responders: [] }),
      [`GET /api/iam/plantsbyuser/${AUTH.member.user.uuid}/plantsAvail/50`]: () => success({ plants: [mine], counts: { postsAll: 1, plantsAll: 1, plantsAvail: 1 }, cursorId: null }),
      'POST /api/iam/swaps/new': () => (++attempts === 1 ? failure(503, 'unavailable', 'Try again') : success({ swap: { id: 's1', status: 'REQUESTED', plantId: ID, requesterId: AUTH.member.user.uuid, ownerId: uuid(9), ownerType: 'user', offerId: uuid(3), message: 'Hi', createdAt: '', updatedAt: '' } }, 201)),
    });
    renderRoute(`/plant/${ID}`, { auth: AUTH.member });
    fireEvent.click(await screen.findByRole('button', { name: 'Ask to swap' }));
    const form = await screen.findByRole('form', { name: /^Ask to swap/ });
    fireEvent.click(within(form).getByRole('button', { name: 'Send request' }));
    expect(await within(form).findByText('Write a few words to the owner')).toBeTruthy();
    fireEvent.change(within(form).getByRole('textbox', { name: /Your message to Ivy Green/ }), { target: { value: 'I can bring a pothos on Sunday' } });
    await within(form).findByRole('option', { name: 'Pothos' });
    fireEvent.change(within(form).getByRole('combobox', { name: /In return/ }), { target: { value: uuid(3) } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send request' }));
    expect(await within(form).findByText('Try again')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Request sent')).toBeTruthy();
    const sent = api.to('POST /api/iam/swaps/new').map((c) => c.body as { id: string });
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatchObject({ plantId: ID, message: 'I can bring a pothos on Sunday', offer: uuid(3) });
    expect(sent[1]!.id).toBe(sent[0]!.id);
    expect(screen.getByRole('link', { name: 'Follow it in your swaps' }).getAttribute('href')).toBe('/profile/swaps');
  });

  it('offers no swap on a listing not available', async () => {
    serve({ [`GET /api/plant/${ID}`]: () => success({ plant: makePlant({ available: false, owner: { type: 'user', id: uuid(9), handle: 'ivy', name: 'Ivy Green', avatar: null } }), comments: [], responders: [] }) });
    renderRoute(`/plant/${ID}`, { auth: AUTH.member });
    expect(await screen.findByRole('link', { name: 'Ask about this plant' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ask to swap' })).toBeNull();
  });

  it('leads a page\'s staff to the page\'s requests instead of asking', async () => {
    const plant = makePlant({ owner: { type: 'page', id: uuid(7), handle: 'fern_club', name: 'Fern Club', avatar: null } });
    serve({
      [`GET /api/plant/${ID}`]: () => success({ plant, comments: [], responders: [] }),
      [`GET /api/iam/pages/get-all-by-user/${AUTH.member.user.uuid}`]: () =>
        success({ pages: [{ id: uuid(7), handle: 'fern_club', name: 'Fern Club', my: { status: 'member', role: 'moderator' } }], cursorId: null }),
    });
    renderRoute(`/plant/${ID}`, { auth: AUTH.member });
    expect((await screen.findByRole('link', { name: 'Requests on this page\'s listings' })).getAttribute('href')).toBe('/fern_club/swaps');
    expect(screen.queryByRole('button', { name: 'Ask to swap' })).toBeNull();
  });
});
