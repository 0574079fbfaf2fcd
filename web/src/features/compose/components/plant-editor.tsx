/**
 * Editing one's plant listing, a section at a time, each saved on its own: details with
 * availability and privacy, photo descriptions, text and tags; then the danger zone.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { MAX_TAGS_PER_POST, PHOTO_DESCRIPTION_MAX, POST_TEXT_MAX, type Privacy } from '@shared/content-rules';
import { photoDescriptionsInput, plantUpdateInput, textAndTagsInput } from '@shared/schemas/posts';
import type { PostView } from '@shared/answers/posts';
import type { PlantDetail } from '@shared/answers/feeds';
import { hasFormChanged, plantName } from '@shared/format';
import { Dialog } from '@/components/dialog';
import { SettingsSection } from '@/components/layouts/settings-section';
import { SelectField, TextArea, TextField } from '@/components/form/fields';
import { Button, FormAlert, Notice, SubmitButton } from '@/components/form/feedback';
import { checkInput } from '@/components/form/check-input';
import { failureMessage, type Labels } from '@/components/form/messages';
import { onSubmit, useForm } from '@/components/form/use-form';
import { ApiError } from '@/lib/api';
import { cardImageUrl } from '@/lib/images';
import { updateTextAndTags } from '@/lib/post-text';
import { plantEditQueryKey, updatePhotoDescriptions, updatePlantDetails } from '../api/posts';
import { checkPlant, PLANT_LABELS, PlantFields, plantErrorField, plantInput, plantServerMessage, plantValues, type PlantValues } from './plant-fields';
import { isPrivacy, PRIVACY_OPTIONS } from '../lib/privacy';
import { TagInput } from '@/components/form/tag-input';

export const PLANT_DELETED_NOTICE = 'Your plant listing was deleted.';
export const MY_PLANTS_PATH = '/profile/plants';

/** Keeps the edited plant in the screen's cache, and marks every list read before now out of date. */
function useSavePlant(plantId: string) {
  const queryClient = useQueryClient();
  return (post: PostView) => {
    queryClient.setQueryData<PlantDetail>(plantEditQueryKey(plantId), (old) => (old ? { ...old, plant: post } : old));
    void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'compose', refetchType: 'none' });
  };
}

/**
 * Deleting a post is the content feature's (`content/api/posts.ts`); the screen that composes the
 * editor passes it in, as a feature imports no other.
 */
export type DeletePost = (postId: string, userId: string) => Promise<unknown>;

export function PlantEditor({ plant, userId, deletePost }: { plant: PostView; userId: string; deletePost: DeletePost }) {
  return (
    <div className="space-y-6">
      <DetailsSection plant={plant} userId={userId} />
      <PhotoDescriptionsSection plant={plant} userId={userId} />
      <TextAndTagsSection plant={plant} userId={userId} />
      <DeleteSection plant={plant} userId={userId} deletePost={deletePost} />
    </div>
  );
}

interface DetailsValues extends PlantValues {
  privacy: Privacy;
}

const DETAILS_LABELS: Labels = { ...PLANT_LABELS, privacy: 'Who can see it' };

function DetailsSection({ plant, userId }: { plant: PostView; userId: string }) {
  const start = (p: PostView): DetailsValues => ({ ...plantValues(p.plant), privacy: p.privacy });
  const [saved, setSaved] = useState<DetailsValues>(() => start(plant));
  const form = useForm<DetailsValues>(saved, DETAILS_LABELS);
  const [note, setNote] = useState<string | null>(null);
  const keep = useSavePlant(plant.id);
  const changed = hasFormChanged({ ...saved }, { ...form.values });

  const save = useMutation({
    mutationFn: updatePlantDetails,
    onSuccess: ({ plant: next }) => {
      keep(next);
      const values = start(next);
      setSaved(values);
      form.setValues(values);
      setNote('Details saved.');
    },
    onError: (error) => {
      const key = error instanceof ApiError ? plantErrorField(error.field) : null;
      if (key && error instanceof ApiError) form.setErrors({ [key]: plantServerMessage(error.field!, error.message, key) });
      else form.fail(error);
    },
  });

  const submit = onSubmit(() => {
    setNote(null);
    const details = checkPlant(form.values);
    if (!details.ok) {
      form.setErrors(details.errors);
      return;
    }
    const body = form.check(plantUpdateInput, { postId: plant.id, userId, plant: plantInput(form.values), privacy: form.values.privacy });
    if (body) save.mutate(body);
  });

  return (
    <SettingsSection id="details" title="Details and availability" description="What the plant is, what you ask for it, and who can see the listing.">
      <form ref={form.formRef} onSubmit={submit} noValidate className="space-y-4" aria-label="Details and availability">
        <FormAlert message={form.alert} title="Could not save the details" />
        {note ? <Notice>{note}</Notice> : null}
        <PlantFields field={form.field} disabled={save.isPending} />
        <SelectField
          label={DETAILS_LABELS.privacy!}
          name="privacy"
          value={form.values.privacy}
          onValueChange={(value) => isPrivacy(value) && form.set('privacy', value)}
          options={PRIVACY_OPTIONS}
          error={form.errors.privacy}
          disabled={save.isPending}
          className="sm:w-72"
        />
        <SubmitButton disabled={!changed} pending={save.isPending} pendingLabel="Saving…">
          Save details
        </SubmitButton>
      </form>
    </SettingsSection>
  );
}

function PhotoDescriptionsSection({ plant, userId }: { plant: PostView; userId: string }) {
  const id = useId();
  const initial = () => Object.fromEntries(plant.photos.map((p) => [p.key, p.description ?? '']));
  const [saved, setSaved] = useState<Record<string, string>>(initial);
  const [values, setValues] = useState<Record<string, string>>(initial);
  const [alert, setAlert] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const keep = useSavePlant(plant.id);
  const changed = hasFormChanged(saved, values);
  const name = plant.plant?.commonName ? plantName(plant.plant.commonName) : 'the plant';

  const save = useMutation({
    mutationFn: updatePhotoDescriptions,
    onSuccess: ({ plant: next }) => {
      keep(next);
      const fresh = Object.fromEntries(next.photos.map((p) => [p.key, p.description ?? '']));
      setSaved(fresh);
      setValues(fresh);
      setNote('Photo descriptions saved.');
    },
    onError: (error) => setAlert(failureMessage(error)),
  });

  const submit = onSubmit(() => {
    setNote(null);
    setAlert(null);
    const input = { id: plant.id, uuid: userId, plantPhotos: plant.photos.map((p) => ({ key: p.key, description: values[p.key] ?? '' })) };
    const checked = checkInput(photoDescriptionsInput, input, { plantPhotos: 'A description' });
    if (!checked.ok) {
      setAlert(Object.values(checked.errors)[0] ?? 'Check the descriptions.');
      return;
    }
    save.mutate(checked.data);
  });

  return (
    <SettingsSection id="photos" title="Photos" description="Describe each photo, so that everyone (screen readers too) knows what it shows.">
      {plant.photos.length === 0 ? (
        <p className="text-sm text-gray-600">This listing has no photos.</p>
      ) : (
        <form onSubmit={submit} noValidate className="space-y-4" aria-label="Photo descriptions">
          <FormAlert message={alert} title="Could not save the descriptions" />
          {note ? <Notice>{note}</Notice> : null}
          <ul className="grid gap-4 sm:grid-cols-2">
            {plant.photos.map((photo, index) => (
              <li key={photo.key} className="space-y-2">
                <img
                  src={cardImageUrl(photo)}
                  alt={(saved[photo.key] ?? '').trim() || `Photo ${index + 1} of ${name}`}
                  className="aspect-[4/3] w-full rounded-lg bg-gray-100 object-cover"
                  loading="lazy"
                />
                <TextField
                  id={`${id}-photo-${index}`}
                  label={`Description of photo ${index + 1}`}
                  name={`description-${index}`}
                  value={values[photo.key] ?? ''}
                  onValueChange={(value) => setValues((v) => ({ ...v, [photo.key]: value }))}
                  maxLength={PHOTO_DESCRIPTION_MAX}
                  disabled={save.isPending}
                  optional
                />
              </li>
            ))}
          </ul>
          <SubmitButton disabled={!changed} pending={save.isPending} pendingLabel="Saving…">
            Save descriptions
          </SubmitButton>
        </form>
      )}
    </SettingsSection>
  );
}

interface TextValues {
  text: string;
  tags: string[];
}

function TextAndTagsSection({ plant, userId }: { plant: PostView; userId: string }) {
  const start = (p: PostView): TextValues => ({ text: p.text ?? '', tags: [...(p.tags ?? [])] });
  const [saved, setSaved] = useState<TextValues>(() => start(plant));
  const form = useForm<TextValues>(saved, { text: 'About this plant', tags: 'Tags' });
  const [note, setNote] = useState<string | null>(null);
  const keep = useSavePlant(plant.id);
  const changed = hasFormChanged({ ...saved }, { ...form.values });

  const save = useMutation({
    mutationFn: updateTextAndTags,
    onSuccess: ({ post }) => {
      keep(post);
      const values = start(post);
      setSaved(values);
      form.setValues(values);
      setNote('Text and tags saved.');
    },
    onError: (error) => form.fail(error),
  });

  const submit = onSubmit(() => {
    setNote(null);
    const body = form.check(textAndTagsInput, { postId: plant.id, userId, text: form.values.text, tags: form.values.tags });
    if (body) save.mutate(body);
  });

  return (
    <SettingsSection id="text" title="Text and tags" description="Tags help people find the plant; changing them moves the listing to the top of its lists.">
      <form ref={form.formRef} onSubmit={submit} noValidate className="space-y-4" aria-label="Text and tags">
        <FormAlert message={form.alert} title="Could not save the text and tags" />
        {note ? <Notice>{note}</Notice> : null}
        <TextArea label="About this plant" {...form.field('text')} rows={4} maxLength={POST_TEXT_MAX} disabled={save.isPending} optional />
        <TagInput tags={form.values.tags} onChange={(tags) => form.set('tags', tags)} max={MAX_TAGS_PER_POST} disabled={save.isPending} error={form.errors.tags} />
        <SubmitButton disabled={!changed} pending={save.isPending} pendingLabel="Saving…">
          Save text and tags
        </SubmitButton>
      </form>
    </SettingsSection>
  );
}

function DeleteSection({ plant, userId, deletePost }: { plant: PostView; userId: string; deletePost: DeletePost }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const name = plant.plant?.commonName ? plantName(plant.plant.commonName) : 'this plant';
  const remove = useMutation({
    mutationFn: () => deletePost(plant.id, userId),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: plantEditQueryKey(plant.id) });
      void queryClient.invalidateQueries({ refetchType: 'none' });
      await navigate(MY_PLANTS_PATH, { state: { notice: PLANT_DELETED_NOTICE } });
    },
  });

  const close = () => {
    if (remove.isPending) return;
    setOpen(false);
    remove.reset();
  };

  return (
    <SettingsSection id="danger" tone="danger" title="Danger zone" description="Deleting the listing removes its photos, comments and reactions for good.">
      <Button variant="danger-outline" onClick={() => setOpen(true)}>
        Delete this listing…
      </Button>
      <Dialog open={open} onClose={close} title="Delete this plant listing?" description={<p>{`${name} and its photos, comments and reactions will be deleted. This cannot be undone.`}</p>}>
        <div className="space-y-4">
          <FormAlert message={remove.isError ? failureMessage(remove.error) : null} title="Could not delete the listing" />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={close} disabled={remove.isPending}>
              Keep it
            </Button>
            <Button variant="danger" onClick={() => remove.mutate()} pending={remove.isPending || remove.isSuccess} pendingLabel="Deleting…">
              Delete listing
            </Button>
          </div>
        </div>
      </Dialog>
    </SettingsSection>
  );
}
