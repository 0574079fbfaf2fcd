/**
 * Editing a post's text and tags in its card (the card loads this only when its owner asks to
 * edit): Save sends both, and the post moves to the front of its lists; Cancel or Escape leaves
 * it as it was. A post without photos must keep some text.
 */
import type { KeyboardEvent } from 'react';
import { MAX_TAGS_PER_POST, POST_TEXT_MAX } from '@shared/content-rules';
import { textAndTagsInput } from '@shared/schemas/posts';
import type { PostView } from '@shared/answers/posts';
import { TextArea } from '@/components/form/fields';
import { Button, FormAlert, SubmitButton } from '@/components/form/feedback';
import { onSubmit, useForm } from '@/components/form/use-form';
import { TagInput } from '@/components/form/tag-input';
import { useEditPost } from '../api/posts';

export const POST_TEXT_REQUIRED = 'Write something: a post without photos needs its text.';

const LABELS = { text: 'Your post', tags: 'Tags' };

interface PostEditorProps {
  post: PostView;
  /** Who edits it (the route checks that it is the post's author, or a site admin). */
  userId: string;
  /** After Save (with the saved post) or Cancel (with nothing). */
  onClose: (saved?: PostView) => void;
}

export default function PostEditor({ post, userId, onClose }: PostEditorProps) {
  const form = useForm({ text: post.text, tags: [...post.tags] }, LABELS);
  const save = useEditPost(onClose);

  const submit = onSubmit(() => {
    if (!form.values.text.trim() && post.photos.length === 0) {
      form.setErrors({ text: POST_TEXT_REQUIRED });
      return;
    }
    const body = form.check(textAndTagsInput, { postId: post.id, userId, text: form.values.text, tags: form.values.tags });
    if (body) save.mutate(body, { onError: form.fail });
  });

  const cancel = () => {
    if (!save.isPending) onClose();
  };
  // Escape cancels, unless a field (the tags' suggestions) used it first.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    cancel();
  };

  return (
    <form ref={form.formRef} onSubmit={submit} onKeyDown={onKeyDown} noValidate aria-label="Edit post" className="space-y-4">
      <FormAlert message={form.alert} title="Could not save the post" />
      <TextArea label={LABELS.text} {...form.field('text')} rows={5} maxLength={POST_TEXT_MAX} disabled={save.isPending} autoFocus />
      <TagInput tags={form.values.tags} onChange={(tags) => form.set('tags', tags)} max={MAX_TAGS_PER_POST} disabled={save.isPending} error={form.errors.tags} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={cancel} disabled={save.isPending}>
          Cancel
        </Button>
        <SubmitButton pending={save.isPending} pendingLabel="Saving…">
          Save
        </SubmitButton>
      </div>
    </form>
  );
}
