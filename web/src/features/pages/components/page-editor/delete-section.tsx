/** Deleting the page, after typing its handle. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { PageView } from '@shared/answers/pages';
import { TextField } from '@/components/form/fields';
import { Button, FormAlert } from '@/components/form/feedback';
import { failureMessage } from '@/components/form/messages';
import { paths } from '@/config/paths';
import { deletePage } from '../../api/pages';
import { Section } from './section';

export function DeleteSection({ page }: { page: PageView }) {
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => deletePage(page.id),
    onSuccess: () => {
      // Lists and panels read before now still hold the page.
      void queryClient.invalidateQueries({ predicate: (q) => ['pages', 'nearby', 'near-you'].includes(String(q.queryKey[0])) });
      navigate(paths.pages, { replace: true });
    },
  });
  return (
    <Section title="Delete the page">
      <p className="text-gray-700">Deleting removes the page, its images, its news and its memberships. It cannot be undone.</p>
      <FormAlert message={remove.isError ? failureMessage(remove.error) : null} title="Could not delete the page" />
      <TextField label={`Type ${page.handle} to confirm`} name="confirm" value={typed} onValueChange={setTyped} autoComplete="off" />
      <Button variant="danger" disabled={typed.trim().toLowerCase() !== page.handle} pending={remove.isPending} pendingLabel="Deleting…" onClick={() => remove.mutate()}>
        Delete {page.name}
      </Button>
    </Section>
  );
}
