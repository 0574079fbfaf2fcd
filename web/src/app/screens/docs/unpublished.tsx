/** What a terms or privacy screen shows until an admin publishes its text. */
import { Notice } from '@/components/form/feedback';

export function Unpublished({ what }: { what: string }) {
  return (
    <Notice tone="info" title={`The ${what} has not been published yet`}>
      <p className="mt-1">The people who run this site have not written it yet. Please check back later.</p>
    </Notice>
  );
}
