/**
 * Rate limits count in fixed windows (functions/lib/rate-limit.ts). A test that fills a window
 * must not straddle its end, or the count resets half way: it waits for the next window when
 * fewer than `needSeconds` are left in this one.
 */
export async function clearOfWindowEnd(windowSeconds: number, needSeconds: number): Promise<void> {
  const left = windowSeconds - (Math.floor(Date.now() / 1000) % windowSeconds);
  if (left < needSeconds) await new Promise((r) => setTimeout(r, left * 1000 + 1000));
}
