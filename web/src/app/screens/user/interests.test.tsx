import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { interestsAnswer, makeNode, makeTag } from '@/features/tags/testing';
import { AUTH, makeUser, renderRoute } from '@/testing/render-route';
import { failure, success } from '@/testing/responses';
import { serve } from '@/testing/serve';

const ME = makeUser().uuid;
const CATEGORIES = {
  tags: [
    makeNode(makeTag('ferns', { label: 'Ferns', interestCategory: true, description: 'Fronds of all kinds.' }), [makeTag('maidenhair'), makeTag('staghorn')]),
    makeNode(makeTag('succulents', { label: 'Succulents', interestCategory: true }), [makeTag('echeveria')]),
  ],
  more: false,
};

describe('/user/interests', () => {
  it('lists the categories with their tags, ticks those followed as the chosen kind, follows and unfollows, and filters by the search box', async () => {
    let held = interestsAnswer([['staghorn', 'grow'], ['echeveria', 'learn']]);
    const api = serve({
      'GET /api/iam/tags/interest-cat-tags': () => success(CATEGORIES),
      [`GET /api/iam/tags/user-interests/${ME}`]: () => success(held),
      'POST /api/iam/tags/new-interests': (c) => {
        held = interestsAnswer([['maidenhair', 'grow'], ['staghorn', 'grow'], ['echeveria', 'learn']]);
        return success({ changed: (c.body as { tagIdArr: string[] }).tagIdArr, count: 3 });
      },
      'DELETE /api/iam/tags/delete-interests': (c) => {
        held = interestsAnswer([['maidenhair', 'grow'], ['echeveria', 'learn']]);
        return success({ changed: (c.body as { tagIdArr: string[] }).tagIdArr, count: 2 });
      },
    });
    renderRoute('/user/interests', { auth: AUTH.member });
    const ferns = await screen.findByRole('group', { name: 'Ferns' });
    expect(within(ferns).getByText('Fronds of all kinds.')).toBeTruthy();
    expect((within(ferns).getByRole('checkbox', { name: 'staghorn' }) as HTMLInputElement).checked).toBe(true);
    expect((within(ferns).getByRole('checkbox', { name: 'maidenhair' }) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText('You follow 2 of at most 60 interests.')).toBeTruthy();
    expect(screen.getByText('For you shows the posts of the 10 tags you followed most recently.')).toBeTruthy();

    fireEvent.click(within(ferns).getByRole('checkbox', { name: 'maidenhair' }));
    await waitFor(() => expect(api.to('POST /api/iam/tags/new-interests')).toHaveLength(1));
    expect(api.to('POST /api/iam/tags/new-interests')[0]!.body).toMatchObject({ tagIdArr: ['maidenhair'], interestType: 'grow' });
    await waitFor(() => expect((within(ferns).getByRole('checkbox', { name: 'maidenhair' }) as HTMLInputElement).checked).toBe(true));
    fireEvent.click(within(ferns).getByRole('checkbox', { name: 'staghorn' }));
    await waitFor(() => expect(api.to('DELETE /api/iam/tags/delete-interests')[0]?.body).toMatchObject({ tagIdArr: ['staghorn'], interestType: 'grow' }));

    // Another kind: what is followed as that kind is ticked.
    fireEvent.click(screen.getByRole('radio', { name: 'I want to learn' }));
    const succulents = screen.getByRole('group', { name: 'Succulents' });
    expect((within(succulents).getByRole('checkbox', { name: 'echeveria' }) as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect((within(screen.getByRole('group', { name: 'Ferns' })).getByRole('checkbox', { name: 'maidenhair' }) as HTMLInputElement).checked).toBe(false));

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search the tags' }), { target: { value: 'ECHE' } });
    expect(screen.queryByRole('group', { name: 'Ferns' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'echeveria' })).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search the tags' }), { target: { value: 'cactus' } });
    expect(screen.getByText('No tags match “cactus”.')).toBeTruthy();
    expect(screen.queryByText(/Coming to this page/)).toBeNull();
  });

  it('ticks at once, and puts the box back with the reason when the follow is refused', async () => {
    serve({
      'GET /api/iam/tags/interest-cat-tags': () => success(CATEGORIES),
      [`GET /api/iam/tags/user-interests/${ME}`]: () => success(interestsAnswer([])),
      'POST /api/iam/tags/new-interests': () => new Promise<Response>((done) => setTimeout(() => done(failure(409, 'conflict', 'You may follow at most 60 interests; remove some first', 'tagIdArr')), 150)),
    });
    renderRoute('/user/interests', { auth: AUTH.member });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'maidenhair' }));
    // At once, not after a round trip: only the box being saved waits, the others stay free.
    const box = screen.getByRole('checkbox', { name: 'maidenhair' }) as HTMLInputElement;
    expect(box.checked).toBe(true);
    expect(box.disabled).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'staghorn' }) as HTMLInputElement).disabled).toBe(false);
    expect(await screen.findByText('You may follow at most 60 interests; remove some first')).toBeTruthy();
    await waitFor(() => expect((screen.getByRole('checkbox', { name: 'maidenhair' }) as HTMLInputElement).checked).toBe(false));
  });

  it('says when there are no categories, and offers a retry when they cannot be read', async () => {
    let fail = true;
    serve({
      'GET /api/iam/tags/interest-cat-tags': () => (fail ? failure(503, 'unavailable', 'Busy') : success({ tags: [], more: false })),
      [`GET /api/iam/tags/user-interests/${ME}`]: () => success(interestsAnswer([])),
    });
    renderRoute('/user/interests', { auth: AUTH.member });
    expect(await screen.findByText('We could not load the interests.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/No interest categories yet/)).toBeTruthy();
  });
});

describe('/user/my-interests', () => {
  it('is the welcome\'s interests step: pick interests, then continue back to /welcome', async () => {
    serve({
      'GET /api/iam/tags/interest-cat-tags': () => success(CATEGORIES),
      [`GET /api/iam/tags/user-interests/${ME}`]: () => success(interestsAnswer([])),
    });
    renderRoute('/user/my-interests', { auth: AUTH.member });
    expect(await screen.findByRole('heading', { level: 1, name: 'My interests' })).toBeTruthy();
    expect(await screen.findByRole('checkbox', { name: 'maidenhair' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe('/welcome');
  });
});
