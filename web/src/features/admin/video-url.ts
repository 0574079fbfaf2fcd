/**
 * The welcome video's address: a video file (played in <video>) or a video service's player page
 * (shown in an <iframe>). A YouTube or Vimeo page address, as copied from the browser, is turned
 * into the service's player address, which is what may be embedded.
 */

export const WELCOME_VIDEO_SETTING = 'welcome_video_url';

const FILE = /\.(mp4|webm|ogv|ogg|mov|m4v)$/i;

/** Whether the address is a video file rather than a player page. */
export function isVideoFile(url: string): boolean {
  try {
    return FILE.test(new URL(url).pathname);
  } catch {
    return false;
  }
}

/** The player address for a YouTube or Vimeo page address; any other address as given (trimmed). */
export function embeddableVideoUrl(text: string): string {
  const value = text.trim();
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return value;
  }
  const host = url.hostname.replace(/^www\.|^m\./, '');
  const id = /^[A-Za-z0-9_-]{6,20}$/;
  if (host === 'youtube.com' && url.pathname === '/watch') {
    const v = url.searchParams.get('v') ?? '';
    if (id.test(v)) return `https://www.youtube-nocookie.com/embed/${v}`;
  }
  if (host === 'youtu.be') {
    const v = url.pathname.slice(1);
    if (id.test(v)) return `https://www.youtube-nocookie.com/embed/${v}`;
  }
  if (host === 'vimeo.com' && /^\/\d{5,12}$/.test(url.pathname)) return `https://player.vimeo.com/video${url.pathname}`;
  return value;
}
