/** A form's alert (errors that belong to no field), success notices, and the buttons. */
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { AlertIcon, CheckIcon, SpinnerIcon } from '@/components/icons';

/** The alert at the top of a form: announced when it appears, focusable so a failed submit can move focus here. */
export function FormAlert({ message, title = 'That did not work', children }: { message: string | null; title?: string; children?: ReactNode }) {
  if (!message) return null;
  return (
    <div role="alert" tabIndex={-1} data-form-alert className="flex items-start gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-red-900 focus:outline-none">
      <AlertIcon className="mt-0.5 size-5 shrink-0 text-red-700" />
      <div className="min-w-0">
        <p className="font-semibold">{title}</p>
        <p className="mt-0.5 text-sm break-words">{message}</p>
        {children}
      </div>
    </div>
  );
}

/** A success or information notice (a polite live region). */
export function Notice({ children, tone = 'success', title }: { children: ReactNode; tone?: 'success' | 'info' | 'warning'; title?: ReactNode }) {
  const tones = {
    success: 'border-primary-200 bg-primary-50 text-primary-950',
    info: 'border-gray-200 bg-white text-gray-900',
    warning: 'border-amber-300 bg-amber-50 text-amber-950',
  } as const;
  return (
    <div role="status" className={`flex items-start gap-3 rounded-lg border p-4 ${tones[tone]}`}>
      {tone === 'success' ? <CheckIcon className="mt-0.5 size-5 shrink-0 text-primary-700" /> : null}
      {tone === 'warning' ? <AlertIcon className="mt-0.5 size-5 shrink-0 text-amber-700" /> : null}
      <div className="min-w-0 text-sm break-words">
        {title ? <p className="text-base font-semibold">{title}</p> : null}
        {children}
      </div>
    </div>
  );
}

const variants = {
  primary: 'bg-primary-700 text-white shadow-sm hover:bg-primary-800 disabled:bg-primary-700/60',
  secondary: 'border border-gray-300 bg-white text-gray-800 shadow-sm hover:bg-gray-50 disabled:text-gray-500',
  danger: 'bg-red-700 text-white shadow-sm hover:bg-red-800 disabled:bg-red-700/60',
  'danger-outline': 'border border-red-300 bg-white text-red-800 hover:bg-red-50 disabled:text-red-400',
  link: 'text-primary-800 underline underline-offset-2 hover:text-primary-900 px-0! py-0! min-h-0!',
} as const;

export type ButtonVariant = keyof typeof variants;

export function buttonClass(variant: ButtonVariant = 'primary', extra = ''): string {
  return `inline-flex min-h-11 items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold transition-colors disabled:cursor-not-allowed ${variants[variant]} ${extra}`;
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  /** Disabled with a spinner and `pendingLabel` while the call runs. */
  pending?: boolean;
  pendingLabel?: string;
};

export function Button({ variant = 'primary', pending = false, pendingLabel, disabled, children, className = '', type = 'button', ...rest }: ButtonProps) {
  return (
    <button type={type} disabled={disabled || pending} className={buttonClass(variant, className)} {...rest}>
      {pending ? <SpinnerIcon className="size-4 animate-spin" /> : null}
      <span className="inline-flex items-center gap-2">{pending && pendingLabel ? pendingLabel : children}</span>
    </button>
  );
}

export function SubmitButton(props: Omit<ButtonProps, 'type'>) {
  return <Button type="submit" {...props} />;
}

/** "Show more …" under a list read a page at a time: there while the list has a next page, busy while that page loads. */
/** What it reads of an infinite query. */
export interface PagedList {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

export function ShowMore({ list, pendingLabel = 'Loading…', children }: { list: PagedList; pendingLabel?: string; children: ReactNode }) {
  if (!list.hasNextPage) return null;
  return (
    <Button variant="secondary" onClick={() => void list.fetchNextPage()} pending={list.isFetchingNextPage} pendingLabel={pendingLabel}>
      {children}
    </Button>
  );
}
