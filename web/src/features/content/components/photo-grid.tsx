/**
 * A post's photos. On a card: a grid of up to four, the last one saying how many more the post
 * holds, each its small rendition (never the original, when the photo has one). On a post's own
 * page: every photo with its description below it, the browser choosing between the small
 * rendition and the original (srcset). Every photo keeps its box before it loads (its measured
 * aspect ratio, within limits, or 4:3), so nothing below it moves when it arrives.
 */
import { Link } from 'react-router';
import type { PhotoView } from '@shared/answers/posts';
import { PHOTO_MAX_SIDE_PX, PHOTO_SMALL_WIDTH_PX } from '@shared/content-rules';
import { cardImageUrl, imageUrl } from '@/lib/images';
import { plural } from '@shared/format';

const CARD_MAX = 4;
/** A lone photo on a card keeps its own shape between these (portrait 4:5 to panorama 16:9), cropped beyond them. */
const CARD_RATIO_MIN = 4 / 5;
const CARD_RATIO_MAX = 16 / 9;
const DEFAULT_RATIO = 4 / 3;

/** The photo's width / height when the uploading browser measured it, else 4:3. */
export function photoRatio(photo: PhotoView): number {
  return photo.width && photo.height ? photo.width / photo.height : DEFAULT_RATIO;
}


/** The candidates of a full-size photo: the small rendition and the original, by width. */
export function fullSrcSet(photo: PhotoView): string | undefined {
  if (!photo.small) return undefined;
  return `${imageUrl(photo.small)} ${PHOTO_SMALL_WIDTH_PX}w, ${imageUrl(photo.key)} ${photo.width ?? PHOTO_MAX_SIDE_PX}w`;
}

export function photoAlt(photo: PhotoView, index: number, total: number): string {
  const description = photo.description?.trim();
  return description || (total > 1 ? `Photo ${index + 1} of ${total}` : 'Photo');
}

/** `eager`: a card's photos load at once (the first card of a feed), not as they near the view. */
export function PhotoGrid({ photos, href, full = false, eager = false }: { photos: readonly PhotoView[]; href: string; full?: boolean; eager?: boolean }) {
  if (photos.length === 0) return null;
  const total = photos.length;

  if (full) {
    return (
      <div className={`grid gap-3 ${total > 1 ? 'sm:grid-cols-2' : ''}`}>
        {photos.map((photo, i) => (
          <figure key={photo.key} className="overflow-hidden rounded-lg bg-gray-100">
            <img
              src={imageUrl(photo.key)}
              srcSet={fullSrcSet(photo)}
              sizes="(min-width: 1024px) 42rem, 100vw"
              alt={photoAlt(photo, i, total)}
              loading={i < 2 ? 'eager' : 'lazy'}
              decoding="async"
              style={{ aspectRatio: photoRatio(photo) }}
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
    <ul role="list" aria-label={plural(total, 'photo', 'photos')} className={`grid gap-1 overflow-hidden rounded-lg ${cols}`}>
      {shown.map((photo, i) => {
        const tall = shown.length === 3 && i === 0;
        return (
          <li key={photo.key} className={`relative bg-gray-100 ${tall ? 'row-span-2' : ''}`}>
            <img
              src={cardImageUrl(photo)}
              alt={photoAlt(photo, i, total)}
              loading={eager ? 'eager' : 'lazy'}
              decoding="async"
              style={shown.length === 1 ? { aspectRatio: Math.min(CARD_RATIO_MAX, Math.max(CARD_RATIO_MIN, photoRatio(photo))) } : undefined}
              className={`h-full w-full object-cover ${shown.length === 1 ? '' : 'aspect-square'}`}
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
