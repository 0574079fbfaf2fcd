/** The /dev/outbox page: every e-mail and text message the local host "sent", newest first. */
import type { OutboxEntry } from '../../functions/lib/outbound/outbox';

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

type Entry = Partial<OutboxEntry>;

/** A mail's extra headers (List-Unsubscribe and the like), one a line. */
const headerLines = (headers: Entry['headers']) =>
  headers && Object.keys(headers).length
    ? `<pre class="meta">${Object.entries(headers).map(([name, value]) => `${escape(name)}: ${escape(String(value))}`).join('\n')}</pre>\n`
    : '';

export function renderOutbox(entries: Entry[]): string {
  const rows = entries
    .map(
      (e) => `<article><h2>${escape(e.subject ?? '(text message)')}</h2>
<p class="meta">${escape(e.channel ?? '')} to <strong>${escape(e.to ?? '')}</strong> at ${escape(e.sentAt ?? '')}</p>
${headerLines(e.headers)}<pre>${escape(e.text ?? '')}</pre></article>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Outbox (local)</title><style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#1f2937}
article{border:1px solid #d1d5db;border-radius:.5rem;padding:1rem;margin:1rem 0}.meta{color:#4b5563}pre{white-space:pre-wrap;word-break:break-word}</style></head>
<body><main><h1>Outbox</h1><p>E-mails and text messages sent by the local host. Nothing here leaves this machine.</p>
${rows || '<p>Nothing sent yet.</p>'}</main></body></html>`;
}
