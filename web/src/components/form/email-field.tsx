import type { ComponentProps } from 'react';
import { TextField } from './fields';

/** An e-mail address input with the keyboard and autofill hints every e-mail form wants. */
export function EmailField(props: Omit<ComponentProps<typeof TextField>, 'type'>) {
  return <TextField type="email" inputMode="email" autoComplete="email" autoCapitalize="none" spellCheck={false} {...props} />;
}
