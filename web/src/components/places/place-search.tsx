/**
 * Type a suburb or city, pick it from the suggestions (GET /api/location/places: the server's
 * gazetteer, no outside service). A combobox: arrow keys move, Enter picks, Escape closes.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import type { Place } from '@shared/answers/pages';
import { searchPlaces, placesKeys, type Point } from '@/lib/places';
import { plural } from '@shared/format';

export function PlaceSearch({
  label,
  onPick,
  near = null,
  autoFocus = false,
  error,
  value,
  onTextChange,
  name,
}: {
  label: string;
  onPick: (place: Place) => void;
  near?: Point | null;
  autoFocus?: boolean;
  error?: string | undefined;
  /** The typed text, when the form holds it (a picked place then becomes whatever the form sets). */
  value?: string;
  onTextChange?: (text: string) => void;
  name?: string;
}) {
  const id = useId();
  const [ownText, setOwnText] = useState('');
  const controlled = value !== undefined;
  const text = controlled ? value : ownText;
  const setText = (t: string) => (controlled ? onTextChange?.(t) : setOwnText(t));
  const errorId = `${id}-error`;
  const [q, setQ] = useState('');
  const [active, setActive] = useState(0);
  const [open, setOpen] = useState(false);
  // A short pause after typing before asking: one request per word, not per key.
  useEffect(() => {
    const t = setTimeout(() => setQ(text.trim()), 250);
    return () => clearTimeout(t);
  }, [text]);
  const found = useQuery({
    queryKey: placesKeys.search(q),
    queryFn: ({ signal }) => searchPlaces(q, near, signal),
    // Only while the list is open: text set by the form (a prefill, a pick) asks nothing.
    enabled: open && q.length >= 2,
    staleTime: 60 * 60_000,
  });
  const places = q.length >= 2 ? (found.data ?? []) : [];
  const listId = `${id}-list`;
  const pick = (p: Place) => {
    onPick(p);
    if (!controlled) setOwnText(p.label);
    setOpen(false);
  };
  return (
    <div className="relative">
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="search"
        role="combobox"
        autoComplete="off"
        autoFocus={autoFocus}
        aria-expanded={open && places.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        aria-activedescendant={open && places[active] ? `${id}-${active}` : undefined}
        placeholder="Start typing a suburb or city"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(0);
        }}
        // Leaving the field closes the suggestions (a pick happens on mouse down, before the blur).
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') setActive((a) => Math.min(a + 1, places.length - 1));
          else if (e.key === 'ArrowUp') setActive((a) => Math.max(a - 1, 0));
          else if (e.key === 'Escape') setOpen(false);
          else if (e.key === 'Enter' && open && places[active]) {
            e.preventDefault();
            pick(places[active]);
            return;
          } else return;
          e.preventDefault();
        }}
        className={`mt-1 block w-full rounded-md border px-3 py-2 text-gray-900 shadow-sm focus:border-primary-600 focus:outline-none focus:ring-2 focus:ring-primary-600/30 ${error ? 'border-red-600' : 'border-gray-300'}`}
      />
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <p className="sr-only" aria-live="polite">
        {open && q.length >= 2 && found.isSuccess ? `${plural(places.length, 'place', 'places')} found` : ''}
      </p>
      {open && places.length > 0 ? (
        <ul id={listId} role="listbox" aria-label="Places" className="absolute z-20 mt-1 max-h-72 w-full overflow-auto rounded-md border border-gray-200 bg-white py-1 shadow-lg">
          {places.map((p, i) => (
            <li
              key={p.id}
              id={`${id}-${i}`}
              role="option"
              aria-selected={i === active}
              onMouseDown={(e) => {
                e.preventDefault();
                pick(p);
              }}
              className={`cursor-pointer px-3 py-2 text-sm ${i === active ? 'bg-primary-50 text-primary-900' : 'text-gray-800'}`}
            >
              <span className="font-medium">{p.name}</span>
              <span className="text-gray-600">{[p.admin1, p.countryName].filter(Boolean).length ? `, ${[p.admin1, p.countryName].filter(Boolean).join(', ')}` : ''}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {open && q.length >= 2 && found.isSuccess && places.length === 0 ? <p className="mt-1 text-sm text-gray-600">No place by that name. Try the nearest town.</p> : null}
      {found.isError ? <p className="mt-1 text-sm text-red-700">Places could not be looked up just now. Try again.</p> : null}
    </div>
  );
}
