/** /profile/wanted: the plants I want, by name or tag, near my place; `?tag=` starts the form with a tag (tag pages' "Want this?"). */
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { WantedList } from '@/features/wanted/components/wanted-list';

export default function WantedScreen() {
  useDocumentTitle('Your wanted list');
  const [params] = useSearchParams();
  return (
    <article className="space-y-6">
      <header className="space-y-2">
        <h1 className="text-2xl font-semibold tracking-tight text-gray-900 sm:text-3xl">Your wanted list</h1>
        <p className="max-w-prose text-gray-600">Plants you are looking for. When one is listed as available near you, you are told once, in your notifications and by e-mail as your settings allow.</p>
      </header>
      <WantedList initialTag={params.get('tag') ?? ''} />
    </article>
  );
}
