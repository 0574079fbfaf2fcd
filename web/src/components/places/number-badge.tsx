/** The number of an item in a list by distance, matching its marker on the map (hidden from screen readers: the list is ordered). */
export function NumberBadge({ n, className = '' }: { n: number; className?: string }) {
  return (
    <span aria-hidden="true" className={`inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-primary-700 text-xs font-semibold text-white ${className}`}>
      {n}
    </span>
  );
}
