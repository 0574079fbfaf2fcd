/** Crawlers are not shown the error page (spec §2): they get a minimal text instead. */
export const BOT_PATTERN = /bot|crawler|spider/i;

export function isBot(userAgent: string = globalThis.navigator?.userAgent ?? ''): boolean {
  return BOT_PATTERN.test(userAgent);
}
