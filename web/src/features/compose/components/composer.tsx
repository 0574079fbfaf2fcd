/**
 * Writing a post (text, photos, tags, who can see it) or listing a plant (its details and
 * availability too, and at least one photo, each with a description). Photos upload as soon as
 * they are picked; the draft's id is made once, so a submit that is retried never creates twice.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type JSX } from 'react';
import { Link } from 'react-router';
import { MAX_PHOTOS_PER_POST, MAX_TAGS_PER_POST, POST_TEXT_MAX, type Privacy } from '@shared/content-rules';
import { newPlantInput, newPostInput } from '@shared/schemas/posts';
import type { PostView } from '@shared/answers/posts';
import { SelectField, TextArea } from '@/components/form/fields';
import { FormAlert, Notice, SubmitButton } from '@/components/form/feedback';
import { checkInput } from '@/components/form/check-input';
import { failureMessage, type FieldErrors } from '@/components/form/messages';
import { onSubmit, useForm } from '@/components/form/use-form';
import { paths, plantHref, postHref } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-store';
import { ApiError, newClientId } from '@/lib/api';
import { createPlant, createPost, type NewPlantBody, type NewPostBody } from '../api/posts';
import { PhotoPicker } from './photo-picker';
import { checkPlant, EMPTY_PLANT, PLANT_LABELS, PlantFields, plantErrorField, plantInput, plantServerMessage, type PlantValues } from './plant-fields';
import { DEFAULT_PRIVACY, isPrivacy, PRIVACY_OPTIONS } from '../lib/privacy';
import { TagInput } from '@/components/form/tag-input';
import { needsRegistrationError, usePhotoUploads, type PhotoUploads } from '@/lib/photos/use-photo-uploads';

type Kind = 'post' | 'plant';

interface ComposerValues extends PlantValues {
  text: string;
  privacy: Privacy;
  tags: string[];
}

const INITIAL: ComposerValues = { ...EMPTY_PLANT, text: '', privacy: DEFAULT_PRIVACY, tags: [] };

const LABELS: Record<Kind, Record<string, string>> = {
  post: { text: 'Your post', photos: 'Photos', tags: 'Tags', privacy: 'Who can see it' },
  plant: { ...PLANT_LABELS, text: 'About this plant', plant_photos: 'Photos', photos: 'Photos', tags: 'Tags', privacy: 'Who can see it' },
};

export const NO_CONTENT_MESSAGE = 'Write something or add a photo.';
export const PLANT_PHOTO_REQUIRED = 'Add at least one photo of the plant.';
const FAILED_PHOTOS = 'Remove or retry the photos that did not upload.';

/** Client-side check of a post draft: the body to send, or the errors to show. */
function checkPost(id: string, values: ComposerValues, uploads: PhotoUploads): { body: NewPostBody } | { errors: FieldErrors } {
  const photos = uploads.uploaded.map(({ description, uploadId: _id, ...photo }) => (description.trim() ? { ...photo, description: description.trim() } : photo));
  const checked = checkInput(newPostInput, { id, text: values.text, tags: values.tags, photos, privacy: values.privacy }, LABELS.post);
  if (!checked.ok) {
    const errors = { ...checked.errors };
    if (errors.text && !values.text.trim() && photos.length === 0) errors.text = NO_CONTENT_MESSAGE;
    return { errors };
  }
  return { body: checked.data as NewPostBody };
}

function checkPlantDraft(id: string, values: ComposerValues, uploads: PhotoUploads): { body: NewPlantBody } | { errors: FieldErrors } {
  const plant = checkPlant(values);
  const photos = uploads.uploaded.map(({ description, uploadId: _id, ...photo }) => ({ ...photo, description: description.trim() }));
  const text = values.text.trim();
  const checked = checkInput(
    newPlantInput,
    { id, plant: plantInput(values), plant_photos: photos, privacy: values.privacy, tags: values.tags, ...(text ? { text } : {}) },
    LABELS.plant,
  );
  const errors: FieldErrors = plant.ok ? {} : { ...plant.errors };
  if (!checked.ok) {
    for (const [key, message] of Object.entries(checked.errors)) {
      if (key !== 'plant' && !errors[key]) errors[key] = message;
    }
  }
  if (photos.length === 0) errors.plant_photos = PLANT_PHOTO_REQUIRED;
  if (Object.keys(errors).length > 0 || !checked.ok) return { errors };
  return { body: checked.data as NewPlantBody };
}

interface ComposerProps {
  kind?: Kind;
  onCreated?: (post: PostView) => void;
  /** Post as this page (its news); the server checks the member's role there. */
  asPage?: { id: string; name: string };
  /** A plant listing: the pages it may be listed as ("List as"), besides the member themself. */
  pageChoices?: readonly { id: string; name: string }[];
  /** Which of `pageChoices` is chosen at first (none: the member themself). */
  initialPageId?: string;
}

export function Composer({ kind = 'post', onCreated, asPage, pageChoices = [], initialPageId }: ComposerProps): JSX.Element {
  const headingId = useId();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const labels = LABELS[kind];
  const form = useForm<ComposerValues>(INITIAL, labels);
  const uploads = usePhotoUploads({ max: MAX_PHOTOS_PER_POST });
  // One id per draft: a retried submit sends the same one, and the server answers the same post.
  const draftId = useRef<string>(newClientId());
  const [created, setCreated] = useState<PostView | null>(null);
  const [forbidden, setForbidden] = useState(false);
  // A post's composer starts as its text box (on a phone the whole form would fill the first
  // screen); focusing it, typing or a message to show opens the rest.
  const [focused, setFocused] = useState(false);
  // A listing as one of the member's pages: placed where the page is, never private.
  const [listAsId, setListAsId] = useState(initialPageId ?? '');
  const listAs = kind === 'plant' ? (pageChoices.find((p) => p.id === listAsId) ?? null) : null;
  const privacyOptions = listAs ? PRIVACY_OPTIONS.filter((o) => o.value !== 'private') : PRIVACY_OPTIONS;
  const privacy = listAs && form.values.privacy === 'private' ? 'members' : form.values.privacy;
  const open =
    kind === 'plant' || focused || form.values.text !== '' || form.values.tags.length > 0 || uploads.items.length > 0 ||
    Object.keys(form.errors).length > 0 || !!form.alert;
  const photoKey = kind === 'plant' ? 'plant_photos' : 'photos';

  const send = useMutation({
    mutationFn: async (body: NewPostBody | NewPlantBody): Promise<PostView> =>
      kind === 'plant' ? (await createPlant(body as NewPlantBody)).plant : (await createPost(body as NewPostBody)).post,
    onSuccess: (post) => {
      draftId.current = newClientId();
      form.setValues({ ...INITIAL });
      form.clear();
      uploads.clear();
      setCreated(post);
      setForbidden(false);
      setFocused(false);
      // Lists read before now are out of date; screens refresh what they show through onCreated.
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'compose', refetchType: 'none' });
      onCreated?.(post);
    },
    onError: (error) => {
      if (needsRegistrationError(error, user?.registration_complete === false)) {
        setForbidden(true);
        form.setErrors({}, failureMessage(error));
        return;
      }
      if (error instanceof ApiError && error.status === 409) {
        // The id is someone else's: the next try goes with a new one.
        draftId.current = newClientId();
      }
      const plantKey = kind === 'plant' && error instanceof ApiError ? plantErrorField(error.field) : null;
      if (plantKey && error instanceof ApiError) {
        form.setErrors({ [plantKey]: plantServerMessage(error.field!, error.message, plantKey) });
        return;
      }
      form.fail(error);
    },
  });

  const sending = send.isPending;
  const failedPhotos = uploads.items.some((item) => item.status === 'failed');
  const needsRegistration = forbidden || uploads.items.some((item) => item.forbidden) || user?.registration_complete === false;

  const submit = onSubmit(() => {
    if (sending || uploads.busy) return;
    setCreated(null);
    if (failedPhotos) {
      form.setErrors({ [photoKey]: FAILED_PHOTOS });
      return;
    }
    const values = { ...form.values, privacy };
    const checked = kind === 'plant' ? checkPlantDraft(draftId.current, values, uploads) : checkPost(draftId.current, values, uploads);
    if ('errors' in checked) {
      const { form: formLevel, ...fields } = checked.errors;
      form.setErrors(fields, formLevel ?? null);
      return;
    }
    form.clear();
    if (asPage && kind === 'post') send.mutate({ ...(checked.body as NewPostBody), pageId: asPage.id });
    else if (listAs) send.mutate({ ...(checked.body as NewPlantBody), pageId: listAs.id });
    else send.mutate(checked.body);
  });

  const title = kind === 'plant' ? (listAs ? `List a plant as ${listAs.name}` : 'List a plant') : asPage ? `Post news as ${asPage.name}` : 'Share a post';
  const submitLabel = kind === 'plant' ? 'List plant' : 'Post';
  const createdHref = created ? (created.kind === 'plant' ? plantHref(created.id) : postHref(created.id)) : null;

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 id={headingId} className={kind === 'plant' ? 'sr-only' : 'mb-3 text-lg font-semibold text-gray-900'}>
        {title}
      </h2>
      <form
        ref={form.formRef}
        onSubmit={submit}
        onFocus={() => setFocused(true)}
        noValidate
        className="space-y-4"
        aria-labelledby={headingId}
        aria-busy={sending || undefined}
      >
        <FormAlert message={form.alert} title={kind === 'plant' ? 'Could not list the plant' : 'Could not share the post'}>
          {forbidden ? <RegisterLink /> : null}
        </FormAlert>
        {needsRegistration && !forbidden ? (
          <Notice tone="warning" title="Complete your registration to share">
            <p>Choose a username and tell us roughly where you grow; then you can post and list plants.</p>
            <RegisterLink />
          </Notice>
        ) : null}
        {created && createdHref ? (
          <Notice>
            <p>
              {kind === 'plant' ? 'Your plant is listed. ' : 'Your post is shared. '}
              <Link to={createdHref} className="font-semibold underline underline-offset-2">
                {kind === 'plant' ? 'See the listing' : 'See the post'}
              </Link>
            </p>
          </Notice>
        ) : null}

        {kind === 'plant' ? <PlantFields field={form.field} disabled={sending} /> : null}

        <TextArea
          label={labels.text}
          {...form.field('text')}
          rows={kind === 'plant' ? 3 : open ? 4 : 2}
          maxLength={POST_TEXT_MAX}
          disabled={sending}
          optional={kind === 'plant'}
          placeholder={kind === 'plant' ? 'Its story, how it grows, why you are sharing it' : 'What is growing?'}
        />

        {open ? (
          <>
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium text-gray-800">
                {labels[photoKey]}
                <span className="font-normal text-gray-600">{kind === 'plant' ? ` (1 to ${MAX_PHOTOS_PER_POST})` : ' (optional)'}</span>
              </legend>
              <PhotoPicker
                uploads={uploads}
                max={MAX_PHOTOS_PER_POST}
                disabled={sending}
                error={form.errors[photoKey]}
                descriptions
                hint={kind === 'plant' ? `At least one photo, up to ${MAX_PHOTOS_PER_POST}; describe each so everyone knows what it shows.` : undefined}
              />
            </fieldset>

            <TagInput tags={form.values.tags} onChange={(tags) => form.set('tags', tags)} max={MAX_TAGS_PER_POST} disabled={sending} error={form.errors.tags} />

            {kind === 'plant' && pageChoices.length ? (
              <SelectField
                label="List as"
                name="pageId"
                value={listAs?.id ?? ''}
                onValueChange={setListAsId}
                options={[{ value: '', label: user?.username ? `Yourself (@${user.username})` : 'Yourself' }, ...pageChoices.map((p) => ({ value: p.id, label: p.name }))]}
                hint={listAs ? `Listed by ${listAs.name}, at the page's place, for the public or its members.` : undefined}
                error={form.errors.pageId}
                disabled={sending}
                className="sm:w-72"
              />
            ) : null}

            <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
              <SelectField
                label={labels.privacy}
                name="privacy"
                value={privacy}
                onValueChange={(value) => isPrivacy(value) && form.set('privacy', value)}
                options={privacyOptions}
                error={form.errors.privacy}
                disabled={sending}
                className="sm:w-72"
              />
              <SubmitButton disabled={uploads.busy} pending={sending} pendingLabel={kind === 'plant' ? 'Listing…' : 'Posting…'} className="sm:min-w-28">
                {uploads.busy ? 'Uploading photos…' : submitLabel}
              </SubmitButton>
            </div>
          </>
        ) : null}
      </form>
    </section>
  );
}

function RegisterLink() {
  return (
    <Link to={paths.register} className="mt-2 inline-block font-semibold text-primary-800 underline underline-offset-2">
      Complete your registration
    </Link>
  );
}
