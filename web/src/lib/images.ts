/** Public images are served from the site's own origin at /<key> (keys start with images/). */
export function imageUrl(key: string): string {
  return key.startsWith('/') ? key : `/${key}`;
}
