/**
 * The filters of nearby plants: a kind of availability and some words, both kept in the address
 * (`?availability=&q=`) so a shared link opens the same list and Back returns to it. The words
 * go to the address once typing pauses, and to the server only when they hold 2 letters or
 * digits (as search asks).
 */
import { useSearchParams } from 'react-router';
import { AVAILABILITY_FILTERS, type AvailabilityFilter } from '@shared/content-rules';
import { hasSearchWord } from '@shared/search-words';
import { useAddressWords } from '@/hooks/use-address-words';

export const AVAILABILITY_LABELS: Record<AvailabilityFilter, string> = { swap: 'To swap', sale: 'For sale', free: 'Free' };
const field = 'mt-1 block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-gray-900 shadow-sm focus:border-primary-600 focus:outline-none focus:ring-2 focus:ring-primary-600/30';

const isAvailability = (v: string | null): v is AvailabilityFilter => (AVAILABILITY_FILTERS as readonly (string | null)[]).includes(v);

/** The filters as the address holds them, what to send, and how to change them. */
export function usePlantFilters() {
  const [params, setParams] = useSearchParams();
  const words = useAddressWords();
  const raw = params.get('availability');
  const availability = isAvailability(raw) ? raw : undefined;
  const { q } = words;
  return {
    words,
    availability,
    q,
    /** The words sent: none until they hold 2 letters or digits. */
    sentQ: hasSearchWord(q) ? q : undefined,
    setAvailability: (value: AvailabilityFilter | '') =>
      setParams((p) => {
        const next = new URLSearchParams(p);
        if (value) next.set('availability', value);
        else next.delete('availability');
        return next;
      }),
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
  const { text, setText } = filters.words;
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
