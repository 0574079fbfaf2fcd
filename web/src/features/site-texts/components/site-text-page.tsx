/** A screen that shows one of the site's texts (as the server rendered it: no parser loads here), or its default until an admin writes it. */
import type { ReactNode } from 'react';
import { Button, FormAlert } from '@/components/form/feedback';
import { failureMessage } from '@/components/form/messages';
import { Loading } from '@/components/loading';
import { PageShell } from '@/components/page-shell';
import { formatDate } from '@/lib/format-date';
import { useSiteText, type SiteTextName } from '../api/site-texts';
import { Prose } from './prose';

export interface SiteTextPageProps {
  name: SiteTextName;
  title: string;
  description: string;
  /** Shown while no admin has written the text. */
  fallback: ReactNode;
}

export function SiteTextPage({ name, title, description, fallback }: SiteTextPageProps) {
  const text = useSiteText(name);
  return (
    <PageShell title={title} description={description}>
      {text.isPending ? <Loading label={`Loading the ${title.toLowerCase()}…`} /> : null}
      {text.isError ? (
        <FormAlert message={failureMessage(text.error)} title={`Could not load the ${title.toLowerCase()}`}>
          <Button className="mt-3" variant="secondary" onClick={() => void text.refetch()}>
            Try again
          </Button>
        </FormAlert>
      ) : null}
      {text.data ? (
        text.data.html ? (
          <>
            <Prose html={text.data.html} />
            {text.data.updatedAt ? <p className="text-sm text-gray-600">Last updated {formatDate(text.data.updatedAt)}.</p> : null}
          </>
        ) : (
          fallback
        )
      ) : null}
    </PageShell>
  );
}
