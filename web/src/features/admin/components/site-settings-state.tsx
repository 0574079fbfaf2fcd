/** The admin settings screens' shared states of the site settings read: loading, or failed with a retry. */
import { Button, FormAlert } from '@/components/form/feedback';
import { failureMessage } from '@/components/form/messages';
import { Loading } from '@/components/loading';
import type { useSite } from '@/lib/site';

export function SiteSettingsState({ site }: { site: ReturnType<typeof useSite> }) {
  return (
    <>
      {site.isPending ? <Loading label="Loading the settings…" /> : null}
      {site.isError ? (
        <FormAlert message={failureMessage(site.error)} title="Could not load the settings">
          <Button className="mt-3" variant="secondary" onClick={() => void site.refetch()}>
            Try again
          </Button>
        </FormAlert>
      ) : null}
    </>
  );
}
