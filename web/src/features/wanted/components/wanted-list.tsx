/**
 * My wanted list: add a plant by name or a tag within a radius of my place, see what I want, and
 * stop wanting it (confirmed first). A listing that becomes available within the radius alerts me
 * in the bell (and by e-mail, as my settings allow).
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { newWantedInput, WANTED_MAX, WANTED_NAME_MAX, WANTED_RADIUS_MAX_KM } from '@shared/schemas/wanted';
import { Dialog } from '@/components/dialog';
import { Button, FormAlert, SubmitButton } from '@/components/form/feedback';
import { Fieldset, SelectField, TextField } from '@/components/form/fields';
import { failureMessage } from '@/components/form/messages';
import { onSubmit, useForm } from '@/components/form/use-form';
import { Loading } from '@/components/loading';
import { paths, tagHref } from '@/config/paths';
import { ApiError } from '@/lib/api';
import { formatRelative } from '@/lib/format-date';
import { useAddWanted, useMyWanted, useRemoveWanted, type WantedView } from '../api/wanted';

const RADII = [2, 5, 10, 25, 50, WANTED_RADIUS_MAX_KM] as const;
const LABELS = { plantName: 'Plant name', tag: 'Tag', radiusKm: 'Within' };

type By = 'plantName' | 'tag';

function AddWanted({ initialTag, full }: { initialTag: string; full: boolean }) {
  const add = useAddWanted();
  const [by, setBy] = useState<By>(initialTag ? 'tag' : 'plantName');
  const form = useForm({ plantName: '', tag: initialTag, radiusKm: '10' }, LABELS);
  const [added, setAdded] = useState<string | null>(null);
  const submit = () => {
    const body = { ...(by === 'tag' ? { tag: form.values.tag } : { plantName: form.values.plantName }), radiusKm: Number(form.values.radiusKm) };
    const input = form.check(newWantedInput, body);
    if (!input) return;
    add.mutate(input, {
      onSuccess: (answer) => {
        setAdded(answer.wanted.plantName ?? `#${answer.wanted.tag ?? ''}`);
        form.setValues({ plantName: '', tag: '' });
      },
      onError: form.fail,
    });
  };
  const noPlace = add.error instanceof ApiError && add.error.code === 'no_place';
  return (
    <form ref={form.formRef} onSubmit={onSubmit(submit)} noValidate className="space-y-4 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5" aria-labelledby="want-a-plant">
      <h2 id="want-a-plant" className="text-lg font-semibold text-gray-900">
        Want a plant
      </h2>
      {noPlace ? (
        <FormAlert message="Set your place first: wanted plants are looked for around it.">
          <Link to={paths.settings} className="font-semibold underline underline-offset-2">
            Set your place in your settings
          </Link>
        </FormAlert>
      ) : (
        <FormAlert message={form.alert} />
      )}
      {added ? (
        <p role="status" className="text-sm text-green-800">{`Added ${added}. You will be told when one is listed near you.`}</p>
      ) : null}
      <Fieldset legend="Look for">
        <div className="flex flex-wrap gap-4">
          {(['plantName', 'tag'] as const).map((b) => (
            <label key={b} className="inline-flex min-h-11 items-center gap-2 text-sm text-gray-800">
              <input type="radio" name="by" value={b} checked={by === b} onChange={() => setBy(b)} className="size-5 accent-primary-700" />
              {b === 'plantName' ? 'A plant by name' : 'Any plant with a tag'}
            </label>
          ))}
        </div>
      </Fieldset>
      {by === 'plantName' ? (
        <TextField label={LABELS.plantName} {...form.field('plantName')} maxLength={WANTED_NAME_MAX} hint="Every word must be in the listing's common or botanical name: “Monstera” finds “Monstera deliciosa”." />
      ) : (
        <TextField label={LABELS.tag} {...form.field('tag')} hint="A tag as listings carry it, such as succulents." />
      )}
      <SelectField label={LABELS.radiusKm} {...form.field('radiusKm')} options={RADII.map((km) => ({ value: String(km), label: `${km} km of my place` }))} />
      <SubmitButton pending={add.isPending} pendingLabel="Adding…" disabled={full}>
        Add to my wanted list
      </SubmitButton>
      {full ? <p className="text-sm text-gray-700">{`You want ${WANTED_MAX} plants already: remove one to add another.`}</p> : null}
    </form>
  );
}

function Entry({ w }: { w: WantedView }) {
  const remove = useRemoveWanted();
  const [confirming, setConfirming] = useState(false);
  const what = w.plantName ?? `#${w.tag ?? ''}`;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-4">
      <div className="min-w-0">
        <p className="font-semibold break-words text-gray-900">
          {w.tag ? (
            <Link to={tagHref(w.tag)} className="hover:underline">
              {what}
            </Link>
          ) : (
            what
          )}
        </p>
        <p className="text-sm text-gray-600">
          {`Within ${w.radiusKm} km · added `}
          <time dateTime={w.createdAt}>{formatRelative(w.createdAt)}</time>
        </p>
      </div>
      <Button variant="danger-outline" onClick={() => setConfirming(true)}>
        Remove<span className="sr-only">{` ${what}`}</span>
      </Button>
      <Dialog open={confirming} title={`Stop wanting ${what}?`} onClose={() => setConfirming(false)} description={<p>You will not be told of new listings of it any more.</p>}>
        {remove.isError ? (
          <p role="alert" className="mb-3 text-sm text-red-700">
            {failureMessage(remove.error)}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Keep it
          </Button>
          <Button variant="danger" pending={remove.isPending} pendingLabel="Removing…" onClick={() => remove.mutate(w.id, { onSuccess: () => setConfirming(false) })}>
            Remove
          </Button>
        </div>
      </Dialog>
    </li>
  );
}

export function WantedList({ initialTag = '' }: { initialTag?: string }) {
  const list = useMyWanted();
  const entries = list.data?.wanted ?? [];
  return (
    <div className="space-y-6">
      <AddWanted initialTag={initialTag} full={entries.length >= WANTED_MAX} />
      <section className="space-y-3" aria-labelledby="wanted-now">
        <h2 id="wanted-now" className="text-lg font-semibold text-gray-900">
          What you want
        </h2>
        {list.isPending ? (
          <Loading label="Loading your wanted list…" />
        ) : list.isError ? (
          <div role="alert" className="space-y-3 rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
            <p>{`Could not load your wanted list. ${failureMessage(list.error)}`}</p>
            <Button variant="secondary" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </div>
        ) : entries.length === 0 ? (
          <p className="rounded-xl border border-gray-200 bg-white p-6 text-gray-700 shadow-sm">Nothing yet. Add a plant above, and you will be told when one is listed near you.</p>
        ) : (
          <ul className="divide-y divide-gray-100 rounded-xl border border-gray-200 bg-white shadow-sm" aria-label="Your wanted plants">
            {entries.map((w) => (
              <Entry key={w.id} w={w} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
