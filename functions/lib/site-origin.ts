/** The site's public address (SITE_ORIGIN), for links in answers and e-mails. */
export function siteOrigin(env: NodeJS.ProcessEnv = process.env): string {
  return (env.SITE_ORIGIN ?? 'http://localhost:8787').replace(/\/+$/, '');
}
