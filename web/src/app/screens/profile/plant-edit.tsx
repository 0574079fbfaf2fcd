/** /profile/plants/edit/:plantId: the owner edits a plant listing, one section at a time, or deletes it. */
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { isUuid } from '@/lib/ids';
import { Button, buttonClass, FormAlert } from '@/components/form/feedback';
import { failureMessage } from '@/components/form/messages';
import { Loading } from '@/components/loading';
import { PageShell } from '@/components/page-shell';
import { plantHref } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-store';
import { usePlantForEdit } from '@/features/compose/api/posts';
import { deletePost } from '@/features/content/api/posts';
import { MY_PLANTS_PATH, PlantEditor } from '@/features/compose/components/plant-editor';
import { ApiError } from '@/lib/api';
import { plantName } from '@shared/format';

const TITLE = 'Edit plant listing';

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div role="note" className="space-y-3 rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
      <h2 className="text-lg font-semibold text-gray-900">{title}</h2>
      {children}
    </div>
  );
}

export default function PlantEditScreen() {
  const { plantId = '' } = useParams();
  const { user } = useAuth();
  const wellFormed = isUuid(plantId);
  const query = usePlantForEdit(plantId, wellFormed && !!user);
  const plant = query.data?.plant;
  const missing = !wellFormed || (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400));

  let body: ReactNode;
  if (missing) {
    body = (
      <Panel title="Plant listing not found">
        <p className="text-sm text-gray-700">This listing does not exist, or it was deleted.</p>
        <Link to={MY_PLANTS_PATH} className={buttonClass('secondary')}>
          Back to your plants
        </Link>
      </Panel>
    );
  } else if (query.isError) {
    body = (
      <FormAlert message={failureMessage(query.error)} title="Could not load the listing">
        <Button variant="secondary" className="mt-3" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </FormAlert>
    );
  } else if (!plant || !user) {
    body = <Loading label="Loading the listing…" />;
  } else if (plant.authorId !== user.uuid) {
    body = (
      <Panel title="You can only edit your own plants">
        <p className="text-sm text-gray-700">This listing belongs to someone else.</p>
        <Link to={plantHref(plant.id)} className={buttonClass('secondary')}>
          See the listing
        </Link>
      </Panel>
    );
  } else {
    body = (
      <>
        <p>
          <Link to={plantHref(plant.id)} className="text-sm font-semibold text-primary-800 underline underline-offset-2">
            See the listing
          </Link>
        </p>
        <PlantEditor key={plant.id} plant={plant} userId={user.uuid} deletePost={deletePost} />
      </>
    );
  }

  const name = plant?.plant?.commonName ? plantName(plant.plant.commonName) : undefined;
  return (
    <PageShell
      title={TITLE}
      documentTitle={name ? `Edit ${name}` : TITLE}
      description={name ? `Change the details, photos and text of ${name}; each section saves on its own.` : 'Change the details, photos and text of your plant listing.'}
    >
      {body}
    </PageShell>
  );
}
