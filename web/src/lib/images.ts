/** Public images are served from the site's own origin at /<key> (keys start with images/). */
export function imageUrl(key: string): string {
  return key.startsWith('/') ? key : `/${key}`;
}

/** What a card or a thumbnail loads for a photo: its small rendition when it has one, else the original. */
export function cardImageUrl(photo: { key: string; small: string | null }): string {
  return imageUrl(photo.small ?? photo.key);
}
