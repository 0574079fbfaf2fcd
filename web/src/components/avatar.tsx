/** A round profile photo, or the name's initials on a coloured disc when there is none. */
import { imageUrl } from '@/lib/images';

const SIZES = { sm: 'size-8 text-xs', md: 'size-10 text-sm', lg: 'size-16 text-xl sm:size-20 sm:text-2xl' } as const;

export function initials(name: string): string {
  const words = name.trim().split(/[\s_.-]+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]![0], words[words.length - 1]![0]] : [words[0]?.[0]];
  return letters.filter(Boolean).join('').toUpperCase() || '?';
}

/** Decorative by default: the name is always written beside it. */
export function Avatar({ src, name, size = 'md', alt = '' }: { src: string | null; name: string; size?: keyof typeof SIZES; alt?: string }) {
  const box = `${SIZES[size]} shrink-0 rounded-full`;
  if (src) return <img src={imageUrl(src)} alt={alt} className={`${box} bg-gray-100 object-cover`} loading="lazy" decoding="async" />;
  return (
    <span aria-hidden={alt ? undefined : true} role={alt ? 'img' : undefined} aria-label={alt || undefined} className={`${box} inline-flex items-center justify-center bg-primary-100 font-semibold text-primary-800`}>
      {initials(name)}
    </span>
  );
}
