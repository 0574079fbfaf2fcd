/**
 * Text someone wrote, with its http(s) addresses as links (linkParts): a new tab, no referrer
 * rights over this page (noopener), and marked as user content for search engines (nofollow ugc).
 */
import { linkParts } from '@/lib/link-parts';

export function LinkedText({ text }: { text: string }) {
  return (
    <>
      {linkParts(text).map((part, i) =>
        part.kind === 'link' ? (
          <a key={i} href={part.href} rel="noopener nofollow ugc" target="_blank" className="break-all underline">
            {part.text}
          </a>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}
