/**
 * What the "Near you" panel shows while it loads: the shell shows it while the panel's own code
 * loads (the panel is not part of the first load), and the panel while its answer does, so the
 * column keeps one shape throughout.
 */
export function NearYouLoading() {
  return (
    <div className="mt-3 space-y-2" aria-busy="true">
      <p className="sr-only">Loading what is near you…</p>
      {[0, 1, 2].map((i) => (
        <div key={i} aria-hidden="true" className="h-10 animate-pulse rounded-md bg-gray-100" />
      ))}
    </div>
  );
}
