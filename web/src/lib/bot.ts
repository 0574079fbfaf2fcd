/** Crawlers are not shown the error page (error-view.tsx): they get a minimal text instead. */
export const BOT_PATTERN = /bot|crawler|spider/i;

export function isBot(userAgent: string = globalThis.navigator?.userAgent ?? ''): boolean {
  return BOT_PATTERN.test(userAgent);
}
