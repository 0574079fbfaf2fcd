import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth/auth-store';
import { createQueryClient } from '@/lib/query-client';
import { AUTH } from '@/testing/render-route';
import { makeDate } from '../testing';
import { AttendButtons } from './attend-buttons';

function show(date = makeDate()) {
  authStore.set(AUTH.member);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <AttendButtons date={date} title="Cutting swap" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.getByRole('group', { name: 'Are you going to Cutting swap?' });
}

describe('AttendButtons', () => {
  afterEach(() => authStore.reset());

  it('presses "Going" for a member with a place', () => {
    const group = show(makeDate({ myStatus: 'GOING' }));
    expect(within(group).getByRole('button', { name: 'Going' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('shows a waiting member their place in the queue, nothing pressed as going, and a way off the waitlist', () => {
    const group = show(makeDate({ myStatus: 'GOING', myWaiting: true, myWaitlistPosition: 2, full: true, counts: { going: 4, maybe: 0, notGoing: 0, waiting: 3 } }));
    const waiting = within(group).getByRole('button', { name: 'On the waitlist (position 2)' });
    expect(waiting.getAttribute('aria-pressed')).toBe('false');
    expect(group.querySelectorAll('[aria-pressed="true"]')).toHaveLength(0);
    expect(within(group).queryByRole('button', { name: 'Going' })).toBeNull();
    expect((within(group).getByRole('button', { name: 'Not going' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByText(/On the waitlist \(position 2\): you will be told when a place is yours/)).toBeTruthy();
  });
});
