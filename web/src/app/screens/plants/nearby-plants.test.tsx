import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AUTH, renderRoute } from '@/testing/render-route';

describe('/nearby/plants', () => {
  it('says plants near you come with the nearby feature and points to recent plants', async () => {
    renderRoute('/nearby/plants', { auth: AUTH.member });
    expect(await screen.findByRole('heading', { level: 1, name: 'Plants near you' })).toBeTruthy();
    expect(screen.getByText('Plants near you arrive with the nearby feature.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse recent plants' }).getAttribute('href')).toBe('/_recent-plants');
  });
});
