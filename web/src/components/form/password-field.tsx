/** A password input with a show/hide toggle (phones make typing blind passwords hard). */
import { useState, type ComponentProps } from 'react';
import { EyeIcon, EyeOffIcon } from '@/components/icons-more';
import { TextField } from './fields';

export function PasswordField(props: Omit<ComponentProps<typeof TextField>, 'type' | 'addon'>) {
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      addon={
        <button
          type="button"
          onClick={() => setShown((s) => !s)}
          aria-pressed={shown}
          aria-label={shown ? 'Hide password' : 'Show password'}
          className="grid min-h-11 min-w-11 shrink-0 place-items-center rounded-md border border-gray-300 bg-white text-gray-700 hover:bg-gray-50"
        >
          {shown ? <EyeOffIcon className="size-5" /> : <EyeIcon className="size-5" />}
        </button>
      }
    />
  );
}
