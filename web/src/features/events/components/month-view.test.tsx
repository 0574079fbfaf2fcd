import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeCard } from '../testing';
import { MonthView } from './month-view';

// 01:00 UTC on 10 December 2026 is noon on the 10th in Sydney, the cards' zone.
const card = makeCard({ event: { title: 'Cutting swap' }, date: { startsAt: '2026-12-10T01:00:00.000Z' } });

function show() {
  render(
    <MemoryRouter>
      <MonthView dates={[card]} />
    </MemoryRouter>,
  );
  return screen.getByRole('grid');
}

const focusedDay = () => (document.activeElement as HTMLElement).getAttribute('data-day');

describe('MonthView', () => {
  it('has a row per week and one tab stop, on the first day with an event', () => {
    const grid = show();
    // December 2026 starts on a Tuesday: 5 weeks, plus the row of weekday names.
    expect(within(grid).getAllByRole('row')).toHaveLength(6);
    const stops = within(grid).getAllByRole('button').filter((b) => b.tabIndex === 0);
    expect(stops.map((b) => b.textContent)).toEqual(['10']);
  });

  it('moves by day and week with the arrows, to the week\'s ends with Home and End, and into the next month past the last day', () => {
    const grid = show();
    const start = within(grid).getByRole('button', { name: /: 1 event$/ });
    start.focus();
    fireEvent.keyDown(start, { key: 'ArrowRight' });
    expect(focusedDay()).toBe('11');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(focusedDay()).toBe('18');
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(focusedDay()).toBe('14'); // Monday
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(focusedDay()).toBe('20'); // Sunday
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(focusedDay()).toBe('3');
    expect(screen.getByRole('heading', { level: 3 }).textContent).toMatch(/January|janvier|2027/);
    expect(within(screen.getByRole('grid')).getAllByRole('button').filter((b) => b.tabIndex === 0).map((b) => b.textContent)).toEqual(['3']);
    fireEvent.keyDown(document.activeElement!, { key: 'PageUp' });
    expect(focusedDay()).toBe('3');
    expect(screen.getByRole('heading', { level: 3 }).textContent).toMatch(/December|2026/);
  });

  describe('with a date that is over first', () => {
    afterEach(() => vi.useRealTimers());

    it('opens on the month of the next date', () => {
      vi.useFakeTimers({ now: new Date('2026-11-20T00:00:00.000Z'), toFake: ['Date'] });
      const past = makeCard({ event: { title: 'Seed library' }, date: { startsAt: '2026-09-10T01:00:00.000Z' } });
      render(
        <MemoryRouter>
          <MonthView dates={[past, card]} />
        </MemoryRouter>,
      );
      expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('December 2026');
      expect(within(screen.getByRole('grid')).getAllByRole('button').filter((b) => b.tabIndex === 0).map((b) => b.textContent)).toEqual(['10']);
    });
  });

  it('lists the chosen day\'s events below the grid', () => {
    show();
    fireEvent.click(screen.getByRole('button', { name: /: 1 event$/ }));
    expect(within(screen.getByRole('list', { name: 'Events of the chosen day' })).getByRole('link', { name: 'Cutting swap' })).toBeTruthy();
  });
});
