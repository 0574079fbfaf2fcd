import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SwapCard, SwapRecord } from '@shared/answers/swaps';
import { AUTH, makeUser, renderRoute } from '@/testing/render-route';
import { success } from '@/testing/responses';
import { serve } from '@/testing/serve';

const me = makeUser();
const card = (over: Partial<SwapCard>): SwapCard => ({
  id: 's1', status: 'REQUESTED', plantId: 'p1', requesterId: 'u2', ownerId: me.uuid, ownerType: 'user', offerId: null,
  message: 'Could I have a cutting?', createdAt: '2026-11-20T10:00:00.000Z', updatedAt: '2026-11-20T10:00:00.000Z',
  plant: { commonName: 'Monstera', photo: null }, other: { type: 'user', id: 'u2', handle: 'ivy', name: 'Ivy Green' },
  reviewClosesAt: null, reviewed: false, ...over,
});

describe('/profile/swaps', () => {
  it('shows each swap\'s steps and lets the owner accept (marking the listing), and decline only after confirming', async () => {
    const api = serve({
      'GET /api/iam/swaps/mine/offered': () => success({ swaps: [card({}), card({ id: 's2', plant: { commonName: 'Pothos', photo: null } })], cursorId: null }),
      'GET /api/iam/swaps/mine/asked': () => success({ swaps: [], cursorId: null }),
      'PUT /api/iam/swaps/s1/status': () => success({ swap: { ...card({ status: 'ACCEPTED' }) } }),
      'PUT /api/iam/swaps/s2/status': () => success({ swap: { ...card({ id: 's2', status: 'DECLINED' }) } }),
    });
    renderRoute('/profile/swaps', { auth: AUTH.member });
    const offered = await screen.findByRole('region', { name: 'Requests on your listings' });
    await within(offered).findByText('Monstera');
    const [first, second] = within(offered).getAllByRole('listitem').filter((li) => li.querySelector('h3'));
    expect(within(first!).getByRole('list', { name: 'Steps of this swap' }).querySelector('[aria-current="step"]')?.textContent).toContain('Requested');
    expect(within(first!).getByText('“Could I have a cutting?”')).toBeTruthy();
    fireEvent.click(within(first!).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(api.to('PUT /api/iam/swaps/s1/status')).toHaveLength(1));
    expect(api.to('PUT /api/iam/swaps/s1/status')[0]!.body).toMatchObject({ status: 'ACCEPTED', markUnavailable: true });
    // The button has gone: focus lands on what the move did.
    const said = await within(first!).findByText(/^Accepted: hand the plant over/);
    await waitFor(() => expect(document.activeElement).toBe(said));

    fireEvent.click(within(second!).getByRole('button', { name: 'Decline' }));
    const dialog = screen.getByRole('dialog', { name: 'Decline this request?' });
    expect(api.to('PUT /api/iam/swaps/s2/status')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await screen.findByRole('region', { name: 'Plants you asked for' });
    expect(api.to('PUT /api/iam/swaps/s2/status')[0]!.body).toMatchObject({ status: 'DECLINED' });
    expect(await screen.findByText(/You have not asked for any plants yet/)).toBeTruthy();
  });

  it('asks a received swap\'s review, refusing it without a rating, and says when it will show', async () => {
    let reviewed = false;
    const closes = new Date(Date.now() + 10 * 86_400_000).toISOString();
    const api = serve({
      'GET /api/iam/swaps/mine/offered': () => success({ swaps: [], cursorId: null }),
      'GET /api/iam/swaps/mine/asked': () => success({ swaps: [card({ status: 'RECEIVED', requesterId: me.uuid, ownerId: 'u2', reviewClosesAt: closes, reviewed })], cursorId: null }),
      'POST /api/iam/swaps/s1/review': () => {
        reviewed = true;
        return success({ review: { id: 'r1', swapId: 's1', rating: 4, wasSafe: true, text: 'Lovely', by: me.uuid, shown: false } }, 201);
      },
    });
    renderRoute('/profile/swaps', { auth: AUTH.member });
    const form = await screen.findByRole('form', { name: 'Review the swap of Monstera' });
    expect(within(form).getByText(/shows once Ivy Green has written theirs/)).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Send review' }));
    expect(await within(form).findByText('Choose a rating from 1 to 5')).toBeTruthy();
    // Feeling safe is asked, never assumed.
    expect(within(form).getByText('Say whether you felt safe')).toBeTruthy();
    fireEvent.click(within(form).getByRole('radio', { name: 'Yes' }));
    expect(api.to('POST /api/iam/swaps/s1/review')).toHaveLength(0);
    fireEvent.click(within(form).getByRole('radio', { name: '4 stars' }));
    fireEvent.change(within(form).getByRole('textbox', { name: /A few words/ }), { target: { value: 'Lovely' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send review' }));
    await waitFor(() => expect(api.to('POST /api/iam/swaps/s1/review')).toHaveLength(1));
    expect(api.to('POST /api/iam/swaps/s1/review')[0]!.body).toMatchObject({ rating: 4, wasSafe: true, text: 'Lovely' });
    // The list, read again, says it is reviewed; focus lands there, not on the page's top.
    const said = await screen.findByText(/^You reviewed this swap/);
    await waitFor(() => expect(document.activeElement).toBe(said));
  });
});

describe('a page\'s requests and one-way moves', () => {
  it('accepts a page\'s request without marking its listing, and confirms a hand-over first', async () => {
    const api = serve({
      'GET /api/iam/swaps/mine/offered': () => success({ swaps: [card({ ownerType: 'page', ownerId: 'pg1' }), card({ id: 's2', status: 'ACCEPTED', plant: { commonName: 'Pothos', photo: null } })], cursorId: null }),
      'GET /api/iam/swaps/mine/asked': () => success({ swaps: [], cursorId: null }),
      [`GET /api/iam/pages/get-all-by-user/${me.uuid}`]: () => success({ pages: [], cursorId: null }),
      'PUT /api/iam/swaps/s1/status': () => success({ swap: card({ status: 'ACCEPTED' }) }),
      'PUT /api/iam/swaps/s2/status': () => success({ swap: card({ id: 's2', status: 'HANDED_OVER' }) }),
    });
    renderRoute('/profile/swaps', { auth: AUTH.member });
    const offered = await screen.findByRole('region', { name: 'Requests on your listings' });
    await within(offered).findByText('Monstera');
    const [first, second] = within(offered).getAllByRole('listitem').filter((li) => li.querySelector('h3'));
    expect(within(first!).queryByRole('checkbox')).toBeNull();
    fireEvent.click(within(first!).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(api.to('PUT /api/iam/swaps/s1/status')).toHaveLength(1));
    expect(api.to('PUT /api/iam/swaps/s1/status')[0]!.body).not.toHaveProperty('markUnavailable');

    fireEvent.click(within(second!).getByRole('button', { name: 'Mark handed over' }));
    const dialog = screen.getByRole('dialog', { name: 'Mark it handed over?' });
    expect(api.to('PUT /api/iam/swaps/s2/status')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark handed over' }));
    await waitFor(() => expect(api.to('PUT /api/iam/swaps/s2/status')).toHaveLength(1));
  });
});

describe('/:handle/swaps', () => {
  it('shows a member\'s record: completed, share positive, the reviews with their reviewer', async () => {
    const record: SwapRecord = { completed: 3, positiveShare: 0.5, reviews: [{ id: 'r1', swapId: 's1', rating: 5, wasSafe: true, text: 'Great swap', by: null }, { id: 'r2', swapId: 's2', rating: 2, wasSafe: false, text: '', by: 'u9' }] };
    serve({
      'GET /api/posts/ivy': () => success({ posts: [], counts: { postsAll: 0, plantsAll: 0, plantsAvail: 0, news: 0 }, cursorId: null, owner: { type: 'user', id: 'u2', handle: 'ivy', name: 'Ivy Green', avatar: null } }),
      'GET /api/user/u2/swap-record': () => success(record),
      'GET /api/user/get-user-by-uuid/u9': () => success({ uuid: 'u9', username: 'basil', first_name: 'Basil', last_name: 'Leaf', avatar: null, bio: null, suburb_city: null, state: null, country: null, motivations: null, phone_verified: null, member_since: null, pages: null }),
    });
    renderRoute('/ivy/swaps', { auth: AUTH.guest });
    expect(await screen.findByText('3 swaps completed · 50% positive')).toBeTruthy();
    const reviews = screen.getByRole('list', { name: 'Reviews of Ivy Green' });
    expect(within(reviews).getByText('Great swap')).toBeTruthy();
    expect(within(reviews).getByText('5 of 5 stars')).toBeTruthy();
    expect(within(reviews).getByText(/A former member/)).toBeTruthy();
    expect((await within(reviews).findByRole('link', { name: 'Basil Leaf' })).getAttribute('href')).toBe('/basil');
    expect(within(reviews).getByText('Did not feel safe')).toBeTruthy();
    // A guest cannot report.
    expect(within(reviews).queryByRole('button', { name: /Report/ })).toBeNull();
  });

  it('lets a registered member report a review, not one they wrote', async () => {
    const me = makeUser({ uuid: 'u9' });
    const record: SwapRecord = { completed: 2, positiveShare: 0.5, reviews: [{ id: 'r1', swapId: 's1', rating: 1, wasSafe: false, text: 'Rude', by: 'u8' }, { id: 'r2', swapId: 's2', rating: 5, wasSafe: true, text: 'Mine', by: 'u9' }] };
    const api = serve({
      'GET /api/posts/ivy': () => success({ posts: [], counts: { postsAll: 0, plantsAll: 0, plantsAvail: 0, news: 0 }, cursorId: null, owner: { type: 'user', id: 'u2', handle: 'ivy', name: 'Ivy Green', avatar: null } }),
      'GET /api/user/u2/swap-record': () => success(record),
      'POST /api/iam/reports/new': () => success({ caseId: 'c1', filed: true }, 201),
    });
    renderRoute('/ivy/swaps', { auth: { loggedIn: true, user: me } });
    const reviews = await screen.findByRole('list', { name: 'Reviews of Ivy Green' });
    const buttons = within(reviews).getAllByRole('button', { name: /^Report review \d+ of \d+$/ });
    expect(buttons).toHaveLength(1);
    fireEvent.click(buttons[0]!);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('swap review');
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Reason' }), { target: { value: 'abuse' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(api.to('POST /api/iam/reports/new')).toHaveLength(1));
    expect(api.to('POST /api/iam/reports/new')[0]?.body).toMatchObject({ target: { type: 'review', id: 'r1' }, reason: 'abuse' });
  });
});
