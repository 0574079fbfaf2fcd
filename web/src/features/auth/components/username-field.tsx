/**
 * The username input with a live availability hint (GET …/username-page-handle/{handle}) once
 * the text is a valid handle and has settled. When that route is missing the hint stays quiet.
 */
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import * as z from 'zod/mini';
import { handle as handleSchema } from '@shared/schemas/common';
import { TextField } from '@/components/form/fields';
import { useDebounced } from '@/hooks/use-debounced';
import { usernameAvailability } from '../api/account';

export const USERNAME_CHECK_DELAY_MS = 400;

export function UsernameField({ value, onValueChange, error, label }: { value: string; onValueChange: (v: string) => void; error?: string; label: string }) {
  const statusId = useId();
  const settled = useDebounced(value, USERNAME_CHECK_DELAY_MS);
  const parsed = z.safeParse(handleSchema, settled);
  const handle = parsed.success ? parsed.data : null;
  const availability = useQuery({
    queryKey: ['username-availability', handle],
    queryFn: ({ signal }) => usernameAvailability(handle!, signal),
    enabled: handle !== null,
    staleTime: 30_000,
  });

  let status: { text: string; taken: boolean } | null = null;
  if (handle && !error && settled === value) {
    if (availability.isFetching) status = { text: `Checking whether @${handle} is free…`, taken: false };
    else if (availability.data === true) status = { text: `@${handle} is available.`, taken: false };
    else if (availability.data === false) status = { text: `@${handle} is taken; choose another.`, taken: true };
  }

  return (
    <div>
      <TextField
        label={label}
        name="username"
        value={value}
        onValueChange={onValueChange}
        error={error}
        autoComplete="username"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        maxLength={30}
        required
        aria-describedby={status ? statusId : undefined}
        hint="Your address on the site: 3 to 30 letters, digits or _."
      />
      <p id={statusId} aria-live="polite" className={`mt-1 min-h-5 text-sm ${status?.taken ? 'font-medium text-red-700' : 'text-primary-800'}`}>
        {status?.text ?? ''}
      </p>
    </div>
  );
}
