import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { success } from '@/testing/responses';
import { serve } from '@/testing/serve';
import { PlaceSearch } from './place-search';

const newtown = {
  id: '2155416', name: 'Newtown', admin1: 'New South Wales', country: 'AU', countryName: 'Australia',
  label: 'Newtown, New South Wales, Australia', latitude: -33.8978, longitude: 151.1785, timeZone: 'Australia/Sydney',
};

describe('the place search', () => {
  it('tells screen readers "1 place found" for one suggestion', async () => {
    serve({ 'GET /api/location/places': () => success({ places: [newtown], attribution: 'GeoNames' }) });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <PlaceSearch label="Place" onPick={() => {}} />
      </QueryClientProvider>,
    );
    fireEvent.change(screen.getByRole('combobox', { name: 'Place' }), { target: { value: 'Newt' } });
    expect(await screen.findByRole('option', { name: /Newtown/ })).toBeTruthy();
    expect(await screen.findByText('1 place found')).toBeTruthy();
  });

  it('closes its suggestions when the field is left, so they cover nothing below', async () => {
    serve({ 'GET /api/location/places': () => success({ places: [newtown], attribution: 'GeoNames' }) });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <PlaceSearch label="Place" onPick={() => {}} />
      </QueryClientProvider>,
    );
    const input = screen.getByRole('combobox', { name: 'Place' });
    fireEvent.change(input, { target: { value: 'Newt' } });
    expect(await screen.findByRole('listbox')).toBeTruthy();
    fireEvent.blur(input);
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});
