import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { WantedView } from '@shared/answers/wanted';
import { AUTH, renderRoute } from '@/testing/render-route';
import { failure, success } from '@/testing/responses';
import { serve } from '@/testing/serve';

const entry: WantedView = { id: 'w1', tag: null, plantName: 'Monstera', radiusKm: 10, createdAt: '2026-11-20T10:00:00.000Z' };

describe('/profile/wanted', () => {
  it('adds a plant by name after checking it here, lists it, and removes it only once confirmed', async () => {
    let list: WantedView[] = [];
    const api = serve({
      'GET /api/iam/wanted/mine': () => success({ wanted: list }),
      'POST /api/iam/wanted/new': () => {
        list = [entry];
        return success({ wanted: entry }, 201);
      },
      'DELETE /api/iam/wanted/w1': () => {
        list = [];
        return success({ deleted: true });
      },
    });
    renderRoute('/profile/wanted', { auth: AUTH.member });
    expect(await screen.findByText(/Nothing yet/)).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Want a plant' });
    fireEvent.click(within(form).getByRole('button', { name: 'Add to my wanted list' }));
    expect(within(form).getByRole('textbox', { name: /Plant name/ }).getAttribute('aria-invalid')).toBe('true');
    expect(api.to('POST /api/iam/wanted/new')).toHaveLength(0);
    fireEvent.change(within(form).getByRole('textbox', { name: /Plant name/ }), { target: { value: 'Monstera' } });
    fireEvent.change(within(form).getByRole('combobox', { name: /Within/ }), { target: { value: '25' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add to my wanted list' }));
    expect(await screen.findByText('Added Monstera. You will be told when one is listed near you.')).toBeTruthy();
    expect(api.to('POST /api/iam/wanted/new')[0]!.body).toMatchObject({ plantName: 'Monstera', radiusKm: 25 });
    const listed = await screen.findByRole('list', { name: 'Your wanted plants' });
    expect(within(listed).getByText('Within 10 km · added', { exact: false })).toBeTruthy();

    fireEvent.click(within(listed).getByRole('button', { name: 'Remove Monstera' }));
    const dialog = screen.getByRole('dialog', { name: 'Stop wanting Monstera?' });
    expect(api.to('DELETE /api/iam/wanted/w1')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(/Nothing yet/)).toBeTruthy();
  });

  it('starts with the tag a tag page sent, and sends a member without a place to their settings', async () => {
    const api = serve({
      'GET /api/iam/wanted/mine': () => success({ wanted: [] }),
      'POST /api/iam/wanted/new': () => failure(409, 'no_place', 'Set your place in your settings first'),
    });
    renderRoute('/profile/wanted?tag=succulents', { auth: AUTH.member });
    const form = await screen.findByRole('form', { name: 'Want a plant' });
    expect((within(form).getByRole('radio', { name: 'Any plant with a tag' }) as HTMLInputElement).checked).toBe(true);
    expect((within(form).getByRole('textbox', { name: /Tag/ }) as HTMLInputElement).value).toBe('succulents');
    fireEvent.click(within(form).getByRole('button', { name: 'Add to my wanted list' }));
    expect((await within(form).findByRole('link', { name: 'Set your place in your settings' })).getAttribute('href')).toBe('/settings');
    expect(api.to('POST /api/iam/wanted/new')[0]!.body).toMatchObject({ tag: 'succulents', radiusKm: 10 });
  });
});
