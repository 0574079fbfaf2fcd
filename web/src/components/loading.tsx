/** A small, polite loading state (a live region, so screen readers hear it). */
import { SpinnerIcon } from './icons';

export function Loading({ label = 'Loading…', className = '' }: { label?: string; className?: string }) {
  return (
    <p role="status" className={`flex items-center gap-2 py-6 text-sm text-gray-600 ${className}`}>
      <SpinnerIcon className="size-5 animate-spin text-primary-700" />
      <span>{label}</span>
    </p>
  );
}
