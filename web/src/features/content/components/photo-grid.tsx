/**
 * A post's photos. On a card: a grid of up to four, the last one saying how many more the post
 * holds. On a post's own page: every photo with its description below it.
 */
import { Link } from 'react-router';
import type { PhotoView } from '@shared/answers/content';
import { imageUrl } from '@/lib/images';

const CARD_MAX = 4;

export function photoAlt(photo: PhotoView, index: number, total: number): string {
  const description = photo.description?.trim();
  return description || (total > 1 ? `Photo ${index + 1} of ${total}` : 'Photo');
}

export function PhotoGrid({ photos, href, full = false }: { photos: readonly PhotoView[]; href: string; full?: boolean }) {
  if (photos.length === 0) return null;
  const total = photos.length;

  if (full) {
    return (
      <div className={`grid gap-3 ${total > 1 ? 'sm:grid-cols-2' : ''}`}>
        {photos.map((photo, i) => (
          <figure key={photo.key} className="overflow-hidden rounded-lg bg-gray-100">
            <img
              src={imageUrl(photo.key)}
              alt={photoAlt(photo, i, total)}
              loading={i < 2 ? 'eager' : 'lazy'}
              decoding="async"
              className="max-h-[32rem] w-full object-contain"
            />
            {photo.description?.trim() ? (
              <figcaption className="bg-white px-1 pt-2 text-sm text-gray-700">{photo.description}</figcaption>
            ) : null}
          </figure>
        ))}
      </div>
    );
  }

  const shown = photos.slice(0, CARD_MAX);
  const more = total - shown.length;
  const cols = shown.length === 1 ? 'grid-cols-1' : 'grid-cols-2';
  return (
    <ul role="list" aria-label={`${total} ${total === 1 ? 'photo' : 'photos'}`} className={`grid gap-1 overflow-hidden rounded-lg ${cols}`}>
      {shown.map((photo, i) => {
        const tall = shown.length === 3 && i === 0;
        return (
          <li key={photo.key} className={`relative bg-gray-100 ${tall ? 'row-span-2' : ''}`}>
            <img
              src={imageUrl(photo.key)}
              alt={photoAlt(photo, i, total)}
              loading="lazy"
              decoding="async"
              className={`h-full w-full object-cover ${shown.length === 1 ? 'max-h-[28rem]' : 'aspect-square'}`}
            />
            {more > 0 && i === shown.length - 1 ? (
              <Link
                to={href}
                className="absolute inset-0 flex items-center justify-center bg-gray-900/55 text-2xl font-semibold text-white hover:bg-gray-900/65"
              >
                <span aria-hidden="true">+{more}</span>
                <span className="sr-only">{`See all ${total} photos`}</span>
              </Link>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
