/** The page's tags: remove one, or add several (comma-separated). */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { PageView } from '@shared/answers/pages';
import { TextField } from '@/components/form/fields';
import { Button, FormAlert } from '@/components/form/feedback';
import { failureMessage } from '@/components/form/messages';
import { changePageTags } from '../../api/pages';
import { Section } from './section';

export function TagsSection({ page, onChanged }: { page: PageView; onChanged: () => void }) {
  const [text, setText] = useState('');
  const change = useMutation({
    mutationFn: ({ add, remove }: { add: string[]; remove: string[] }) => changePageTags(page.id, add, remove),
    onSuccess: () => {
      setText('');
      onChanged();
    },
  });
  return (
    <Section title="Tags">
      <FormAlert message={change.isError ? failureMessage(change.error) : null} title="Could not change the tags" />
      <ul className="flex flex-wrap gap-2">
        {page.tags.map((t) => (
          <li key={t} className="flex items-center gap-1 rounded-full bg-primary-50 px-3 py-1 text-sm text-primary-900">
            #{t}
            <button type="button" aria-label={`Remove tag ${t}`} className="ml-1 font-bold" onClick={() => change.mutate({ add: [], remove: [t] })}>
              ×
            </button>
          </li>
        ))}
        {page.tags.length === 0 ? <li className="text-sm text-gray-600">No tags yet: they help people find the page.</li> : null}
      </ul>
      <form
        className="flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          const add = text.split(',').map((t) => t.trim().toLowerCase()).filter(Boolean);
          if (add.length) change.mutate({ add, remove: [] });
        }}
      >
        <TextField label="Add tags (comma-separated)" name="tags" value={text} onValueChange={setText} className="flex-1" />
        <Button type="submit" className="self-end" pending={change.isPending} pendingLabel="Saving…">
          Add
        </Button>
      </form>
    </Section>
  );
}
