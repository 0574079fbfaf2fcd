/** The plant parts of a plant post: its names, availability badge and the facts a reader looks for. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { plantName as normalisedName, toSentenceCase } from '@shared/format';
import type { PlantDetailsView, PostView } from '@shared/answers/posts';
import { plantHref } from '@/config/paths';

/** Green with the availability ("Available to swap") when available, grey "Not available" otherwise. */
export function AvailabilityBadge({ available, availability }: { available: boolean; availability: string | null | undefined }) {
  return available ? (
    <span className="inline-flex items-center rounded-full bg-primary-100 px-2.5 py-0.5 text-xs font-semibold text-primary-800 ring-1 ring-primary-200">
      {availability?.trim() || 'Available'}
    </span>
  ) : (
    <span className="inline-flex items-center rounded-full bg-gray-200 px-2.5 py-0.5 text-xs font-semibold text-gray-800">Not available</span>
  );
}

/** The plant's common name as every card, list and heading shows it (shared/format.ts). */
export const plantName = (plant: PlantDetailsView) => normalisedName(plant.commonName);

export function PlantHeading({ post, as: Heading = 'h3', link = true }: { post: PostView; as?: 'h1' | 'h2' | 'h3'; link?: boolean }) {
  const plant = post.plant;
  if (!plant) return null;
  const big = Heading === 'h1';
  const name = plantName(plant);
  return (
    <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
      <div className="min-w-0">
        <Heading className={`${big ? 'text-2xl sm:text-3xl' : 'text-lg'} font-semibold break-words text-gray-900`}>
          {link ? (
            <Link to={plantHref(post.id)} className="hover:text-primary-800 hover:underline">
              {name}
            </Link>
          ) : (
            name
          )}
        </Heading>
        {plant.botanicalName ? <p className="text-sm text-gray-700 italic">{toSentenceCase(plant.botanicalName)}</p> : null}
      </div>
      <AvailabilityBadge available={post.available} availability={plant.availability} />
    </div>
  );
}

/** Size, price and swap terms (and the care notes on the plant's own page); `where`: roughly where it is, and how far. */
export function PlantFacts({ plant, full = false, where }: { plant: PlantDetailsView; full?: boolean; where?: ReactNode }) {
  const facts: Array<[string, ReactNode]> = [];
  if (where) facts.push(['Where', where]);
  if (plant.size) facts.push(['Size', plant.size]);
  if (plant.price) facts.push(['Price', plant.price]);
  if (plant.swapTerms) facts.push(['Swap terms', plant.swapTerms]);
  if (full) facts.push(['Availability', plant.availability]);
  if (full && plant.careNotes) facts.push(['Care notes', <span className="whitespace-pre-line">{plant.careNotes}</span>]);
  if (facts.length === 0) return null;
  return (
    <dl className={full ? 'grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[max-content_1fr]' : 'flex flex-wrap gap-x-4 gap-y-1 text-sm'}>
      {facts.map(([term, value]) => (
        <div key={term} className={full ? 'contents' : 'flex gap-1'}>
          <dt className="font-medium text-gray-700">{full ? term : `${term}:`}</dt>
          <dd className="break-words text-gray-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
