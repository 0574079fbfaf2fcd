/**
 * The top bar's search box with suggestions, as the WAI-ARIA combobox pattern (list autocomplete):
 * typing shows the best hits of each kind; Down and Up move through them (the input keeps focus,
 * `aria-activedescendant` names the option), Enter opens the option or, with none chosen, every
 * result at /search?q=; Escape closes the list, and a second Escape clears the box. Loaded on
 * the box's first focus, so the top bar's own code stays small.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { hitsOf, KIND_LABELS, KIND_ORDER, searchable, useSearch, type Hit } from '../api/search';

/** Suggestions shown per kind (the results page shows all). */
const PER_KIND = 3;
const DEBOUNCE_MS = 200;

export const searchHref = (term: string) => `/search?q=${encodeURIComponent(term.trim())}`;

export default function SearchBox({ initial = '', autoFocus = false, onDone }: { initial?: string; autoFocus?: boolean; onDone?: () => void }) {
  const navigate = useNavigate();
  const id = useId();
  const [value, setValue] = useState(initial);
  const [term, setTerm] = useState(initial);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const input = useRef<HTMLInputElement>(null);
  // Taking over from the stand-in box (what was typed there is `initial`): the caret at the end.
  useEffect(() => {
    if (autoFocus && input.current) input.current.setSelectionRange(input.current.value.length, input.current.value.length);
  }, [autoFocus]);
  useEffect(() => {
    const t = setTimeout(() => setTerm(value), DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [value]);
  const query = useSearch(term);
  const options = useMemo<Hit[]>(() => {
    if (!query.data || !searchable(term)) return [];
    const hits = hitsOf(query.data);
    return KIND_ORDER.flatMap((k) => hits[k].slice(0, PER_KIND));
  }, [query.data, term]);
  const expanded = open && searchable(value);
  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-opt-${i}`;
  // The option chosen with the keyboard stays in view in a list that scrolls.
  useEffect(() => {
    if (expanded && active >= 0) document.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' });
  }, [expanded, active]);

  const go = (href: string) => {
    setOpen(false);
    setActive(-1);
    onDone?.();
    void navigate(href);
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
      setActive((i) => (options.length ? (i + 1) % options.length : -1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      setActive((i) => (options.length ? (i <= 0 ? options.length - 1 : i - 1) : -1));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const chosen = expanded && active >= 0 ? options[active] : undefined;
      if (chosen) go(chosen.href);
      else if (searchable(value)) go(searchHref(value));
    } else if (e.key === 'Escape') {
      // A search box clears itself on Escape: the first one only closes the list.
      e.preventDefault();
      if (expanded) setOpen(false);
      else setValue('');
      setActive(-1);
    }
  };

  let status = '';
  if (expanded) {
    if (query.isError) status = 'Search failed; press Enter to try again';
    else if (query.isFetching && !options.length) status = 'Searching…';
    else if (!options.length && query.data) status = 'Nothing found';
  }

  return (
    <div className="relative w-full" role="search">
      <label htmlFor={`${id}-input`} className="sr-only">
        Search members, pages, plants, posts and events
      </label>
      <input
        ref={input}
        id={`${id}-input`}
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        autoFocus={autoFocus}
        placeholder="Search"
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        className="h-9 w-full rounded-md border border-gray-300 bg-white px-3 text-sm text-gray-900 placeholder:text-gray-500 focus:border-primary-600 focus:ring-2 focus:ring-primary-200 focus:outline-none"
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        hidden={!expanded || !options.length}
        className="absolute top-full right-0 left-0 z-50 mt-1 max-h-96 overflow-y-auto rounded-md border border-gray-200 bg-white py-1 shadow-lg sm:min-w-80"
      >
        {options.map((hit, i) => (
          <li
            key={hit.key}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            // Keep the input's focus: the click lands before the blur would close the list.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => go(hit.href)}
            className={`flex cursor-pointer items-center gap-2 px-3 py-2 text-sm ${i === active ? 'bg-primary-50 text-primary-900' : 'text-gray-800 hover:bg-gray-50'}`}
          >
            <span className="w-16 shrink-0 text-xs text-gray-500">{KIND_LABELS[hit.kind]}</span>
            <span className="min-w-0 flex-1 truncate">
              {hit.title}
              {hit.detail ? <span className="ml-1 text-gray-500">{hit.detail}</span> : null}
            </span>
          </li>
        ))}
      </ul>
      {/* Outside the listbox, which holds options only: what the list has come to, said once. */}
      {expanded && status ? (
        <p className="absolute top-full right-0 left-0 z-50 mt-1 rounded-md border border-gray-200 bg-white px-3 py-2 text-sm text-gray-600 shadow-lg sm:min-w-80">{status}</p>
      ) : null}
      <p role="status" className="sr-only">
        {expanded ? status || (options.length ? `${options.length} suggestions` : '') : ''}
      </p>
    </div>
  );
}
