import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeCard } from '../testing';
import { DateCard } from './date-card';

const show = (date: NonNullable<Parameters<typeof makeCard>[0]>['date']) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <DateCard card={makeCard({ event: { title: 'Cutting swap' }, date })} />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('DateCard', () => {
  it('says where a waiting member stands, and that a member with a place is going', () => {
    show({ myStatus: 'GOING', myWaiting: true, myWaitlistPosition: 3 });
    expect(screen.getByText('On the waitlist (position 3)')).toBeTruthy();
    expect(screen.queryByText('You are going')).toBeNull();
  });

  it('says a member with a place is going', () => {
    show({ myStatus: 'GOING', myWaiting: false, myWaitlistPosition: null });
    expect(screen.getByText('You are going')).toBeTruthy();
    expect(screen.queryByText(/waitlist/)).toBeNull();
  });
});
