import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { feedAnswer, makePlant, MEMBER_ID, mine, uuid } from '@/features/content/testing';
import { AUTH, renderRoute } from '@/testing/render-route';
import { success } from '@/testing/responses';
import { serve } from '@/testing/serve';

describe('/profile/plants', () => {
  it("lists the member's plants with all/available tabs, pages them, and links to listing a plant", async () => {
    const own = (n: number, name: string) => mine(makePlant({ id: uuid(n), plant: { commonName: name, availability: 'Available to swap' } }));
    const api = serve({
      [`GET /api/iam/plantsbyuser/${MEMBER_ID}/plantsAll/20`]: () => success(feedAnswer('plants', [own(1, 'hoya')], 'c/1')),
      [`GET /api/iam/moreplantsbyuser/${MEMBER_ID}/plantsAll/20/c%2F1`]: () => success(feedAnswer('plants', [own(2, 'pothos')], null)),
      [`GET /api/iam/plantsbyuser/${MEMBER_ID}/plantsAvail/20`]: () => success(feedAnswer('plants', [])),
    });
    renderRoute('/profile/plants', { auth: AUTH.member });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your plants' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'List a plant' }).getAttribute('href')).toBe('/profile/plants/create');
    await screen.findByRole('link', { name: 'Hoya' });
    // Their own plants: Edit and Delete in each card's menu.
    fireEvent.click(screen.getByRole('button', { name: 'Actions for this plant' }));
    expect(screen.getByRole('menuitem', { name: 'Edit' }).getAttribute('href')).toBe(`/profile/plants/edit/${uuid(1)}`);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('link', { name: 'Pothos' });
    fireEvent.click(screen.getByRole('tab', { name: /^Available/ }));
    expect(await screen.findByText('None of your plants is available right now.')).toBeTruthy();
    expect(api.calls.map((c) => c.url).filter((u) => u.includes('plantsbyuser'))).toEqual([
      `/api/iam/plantsbyuser/${MEMBER_ID}/plantsAll/20`,
      `/api/iam/moreplantsbyuser/${MEMBER_ID}/plantsAll/20/c%2F1`,
      `/api/iam/plantsbyuser/${MEMBER_ID}/plantsAvail/20`,
    ]);
  });
});
