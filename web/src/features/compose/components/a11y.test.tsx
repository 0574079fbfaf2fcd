/** axe-core over composing and editing in their main states: no critical or serious violations. */
import { fireEvent, screen } from '@testing-library/react';
import axe from 'axe-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { press } from '@/testing/forms';
import { AUTH, renderRoute } from '@/testing/render-route';
import { success } from '@/testing/responses';
import { serve } from '@/testing/serve';
import { nextXhr, photoFile, pickPhotos, stubPhotoPlatform } from '../testing';

async function violations() {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } }, resultTypes: ['violations'] });
  return result.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

const ID = '3b2f6a1e-8c4d-4e5f-9a6b-7c8d9e0f1a2b';
const ME = AUTH.member.user.uuid;
const KEY = `images/posts/${ME}/00000000-0000-4000-8000-000000000001.jpg`;
const PLANT = {
  id: ID,
  kind: 'plant',
  type: 'plant/image',
  privacy: 'public',
  text: '',
  tags: ['aroids'],
  photos: [{ key: KEY, description: null }],
  plant: { commonName: 'Monstera', availability: 'Available to swap' },
  available: true,
  owner: { type: 'user', id: ME, handle: 'fern_fan', name: 'Fern Gully', avatar: null },
  authorId: ME,
  reactionCount: 0,
  commentCount: 0,
  myReactionId: null,
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
};

describe('accessibility of composing and editing', () => {
  beforeEach(() => {
    stubPhotoPlatform();
  });

  it('the plant form with a photo and its errors', async () => {
    serve({ 'POST /api/iam/images/upload-url': () => success({ url: 'https://bucket.example/put', key: KEY, headers: {} }) });
    renderRoute('/profile/plants/create', { auth: AUTH.member });
    await screen.findByRole('button', { name: 'List plant' });
    pickPhotos([photoFile('a.jpg')]);
    (await nextXhr(0)).respond(500);
    await screen.findByText('Upload failed');
    press('List plant');
    expect(await violations()).toEqual([]);
  });

  it('the plant editor and its delete dialog', async () => {
    serve({ [`GET /api/iam/plant/${ID}`]: () => success({ plant: PLANT, comments: [], responders: [] }) });
    renderRoute(`/profile/plants/edit/${ID}`, { auth: AUTH.member });
    await screen.findByRole('button', { name: 'Save details' });
    expect(await violations()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Delete this listing…' }));
    expect(await violations()).toEqual([]);
  });
});
