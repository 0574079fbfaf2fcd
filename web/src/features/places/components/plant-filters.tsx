/**
 * The filters of nearby plants: a kind of availability and some words, both kept in the address
 * (`?availability=&q=`) so a shared link opens the same list and Back returns to it. The words
 * are sent once typing pauses, and only when they hold 2 letters or digits (as search asks).
 */
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AVAILABILITY_FILTERS, type AvailabilityFilter } from '@shared/content-rules';
import { normaliseSearchText } from '@shared/format';
import { useDebounced } from '@/hooks/use-debounced';

export const AVAILABILITY_LABELS: Record<AvailabilityFilter, string> = { swap: 'To swap', sale: 'For sale', free: 'Free' };
const TYPING_PAUSE_MS = 300;
const field = 'mt-1 block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-gray-900 shadow-sm focus:border-primary-600 focus:outline-none focus:ring-2 focus:ring-primary-600/30';

const isAvailability = (v: string | null): v is AvailabilityFilter => (AVAILABILITY_FILTERS as readonly (string | null)[]).includes(v);

/** The filters as the address holds them, what to send, and how to change them. */
export function usePlantFilters() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('availability');
  const availability = isAvailability(raw) ? raw : undefined;
  const q = params.get('q')?.trim() ?? '';
  const set = (name: 'availability' | 'q', value: string, replace: boolean) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace },
    );
  return {
    availability,
    q,
    /** The words sent: none until they hold 2 letters or digits. */
    sentQ: normaliseSearchText(q).length >= 2 ? q : undefined,
    filtered: !!availability || !!q,
    setAvailability: (value: AvailabilityFilter | '') => set('availability', value, false),
    // Typing refines the one entry; Back leaves the screen's filters as they were left.
    setQ: (value: string) => set('q', value.trim(), true),
    clear: () =>
      setParams((p) => {
        const next = new URLSearchParams(p);
        next.delete('availability');
        next.delete('q');
        return next;
      }),
  };
}

export function PlantFilters({ filters }: { filters: ReturnType<typeof usePlantFilters> }) {
  const { q, setQ } = filters;
  const [text, setText] = useState(q);
  const settled = useDebounced(text, TYPING_PAUSE_MS);
  // The words this field last put in the address: their coming back is no news to the field.
  const written = useRef(q);
  // Typed words go to the address once typing pauses (a pause alone writes it)…
  useEffect(() => {
    if (settled.trim() === q) return;
    written.current = settled.trim();
    setQ(settled);
  }, [settled]);
  // …and other words in the address (Back, a link, "Clear filters") come to the field.
  useEffect(() => {
    if (q === written.current) return;
    written.current = q;
    setText(q);
  }, [q]);
  return (
    <form role="search" aria-label="Filter plants" className="grid gap-3 sm:grid-cols-2" onSubmit={(e) => e.preventDefault()}>
      <label className="block text-sm font-medium text-gray-800">
        Plant, words or tag
        <input type="search" value={text} onChange={(e) => setText(e.target.value)} maxLength={100} className={field} placeholder="e.g. monstera cutting" />
      </label>
      <label className="block text-sm font-medium text-gray-800">
        Availability
        <select value={filters.availability ?? ''} onChange={(e) => filters.setAvailability(e.target.value as AvailabilityFilter | '')} className={field}>
          <option value="">Any</option>
          {AVAILABILITY_FILTERS.map((a) => (
            <option key={a} value={a}>
              {AVAILABILITY_LABELS[a]}
            </option>
          ))}
        </select>
      </label>
    </form>
  );
}
