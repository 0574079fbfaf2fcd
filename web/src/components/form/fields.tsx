/**
 * Labelled inputs: each with its label, an optional hint, and its error beside it (linked with
 * aria-describedby, marked aria-invalid). Text is 16 px on phones so that iOS does not zoom.
 */
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { AlertIcon } from '@/components/icons';

export const inputClass =
  'block w-full rounded-md border bg-white px-3 py-2.5 text-base text-gray-900 shadow-sm placeholder:text-gray-500 focus:border-primary-700 focus:ring-2 focus:ring-primary-700/30 focus:outline-none disabled:bg-gray-100 sm:text-sm';

const borderClass = (error?: string) => (error ? 'border-red-600' : 'border-gray-300');

function describedBy(...ids: Array<string | false | undefined>): string | undefined {
  const list = ids.filter(Boolean).join(' ');
  return list || undefined;
}

export function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={id} className="mt-1.5 flex items-start gap-1.5 text-sm text-red-700">
      <AlertIcon className="mt-0.5 size-4 shrink-0" />
      <span>{error}</span>
    </p>
  );
}

function Hint({ id, children }: { id: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className="mt-1 text-sm text-gray-600">
      {children}
    </p>
  );
}

export function Label({ htmlFor, children, optional }: { htmlFor: string; children: ReactNode; optional?: boolean }) {
  return (
    <label htmlFor={htmlFor} className="mb-1 block text-sm font-medium text-gray-800">
      {children}
      {optional ? <span className="font-normal text-gray-600"> (optional)</span> : null}
    </label>
  );
}

/** What every labelled field takes: its name, value and change handler, and its messages. */
interface FieldProps {
  label: ReactNode;
  name: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
  optional?: boolean;
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'name'> & FieldProps & {
  /** Something after the input on the same line (a show-password button). */
  addon?: ReactNode;
};

export function TextField({
  label,
  name,
  value,
  onValueChange,
  error,
  hint,
  optional,
  addon,
  className = '',
  id,
  'aria-describedby': extraDescription,
  ...rest
}: TextFieldProps) {
  const auto = useId();
  const inputId = id ?? `${auto}-${name}`;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  return (
    <div className={className}>
      <Label htmlFor={inputId} optional={optional}>
        {label}
      </Label>
      <div className={addon ? 'flex gap-2' : undefined}>
        <input
          id={inputId}
          name={name}
          value={value}
          onChange={(e) => onValueChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(!!hint && hintId, extraDescription, !!error && errorId)}
          className={`${inputClass} ${borderClass(error)}`}
          {...rest}
        />
        {addon}
      </div>
      <Hint id={hintId}>{hint}</Hint>
      <FieldError id={errorId} error={error} />
    </div>
  );
}

type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange' | 'name'> & FieldProps;

export function TextArea({ label, name, value, onValueChange, error, hint, optional, className = '', maxLength, ...rest }: TextAreaProps) {
  const inputId = `${useId()}-${name}`;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const countId = `${inputId}-count`;
  return (
    <div className={className}>
      <Label htmlFor={inputId} optional={optional}>
        {label}
      </Label>
      <textarea
        id={inputId}
        name={name}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(!!hint && hintId, !!maxLength && countId, !!error && errorId)}
        className={`${inputClass} ${borderClass(error)}`}
        maxLength={maxLength}
        {...rest}
      />
      <Hint id={hintId}>{hint}</Hint>
      {maxLength ? (
        <p id={countId} className="mt-1 text-right text-xs text-gray-600">
          {`${value.length} of ${maxLength} characters`}
        </p>
      ) : null}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange' | 'name'> & Omit<FieldProps, 'optional'> & {
  options: ReadonlyArray<{ value: string; label: string }>;
};

export function SelectField({ label, name, value, onValueChange, options, error, hint, className = '', ...rest }: SelectFieldProps) {
  const inputId = `${useId()}-${name}`;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  return (
    <div className={className}>
      <Label htmlFor={inputId}>{label}</Label>
      <select
        id={inputId}
        name={name}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(!!hint && hintId, !!error && errorId)}
        className={`${inputClass} ${borderClass(error)}`}
        {...rest}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <Hint id={hintId}>{hint}</Hint>
      <FieldError id={errorId} error={error} />
    </div>
  );
}

export function Checkbox({
  label,
  name,
  checked,
  onCheckedChange,
  hint,
  disabled,
}: {
  label: ReactNode;
  name: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  hint?: ReactNode;
  disabled?: boolean;
}) {
  const inputId = `${useId()}-${name}`;
  const hintId = `${inputId}-hint`;
  return (
    <div className="flex items-start gap-3 py-1">
      <input
        id={inputId}
        name={name}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onCheckedChange(e.target.checked)}
        aria-describedby={hint ? hintId : undefined}
        className="mt-0.5 size-5 shrink-0 rounded border-gray-400 accent-primary-700"
      />
      <div>
        <label htmlFor={inputId} className="text-sm font-medium text-gray-800">
          {label}
        </label>
        {hint ? (
          <p id={hintId} className="text-sm text-gray-600">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** A group of checkboxes or radios with a legend and one error for the group. */
export function Fieldset({
  legend,
  error,
  hint,
  children,
  className = '',
}: {
  legend: ReactNode;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <fieldset
      className={className}
      aria-describedby={describedBy(!!hint && `${id}-hint`, !!error && `${id}-error`)}
      data-invalid={error ? true : undefined}
    >
      <legend className="mb-1 text-sm font-medium text-gray-800">{legend}</legend>
      <Hint id={`${id}-hint`}>{hint}</Hint>
      {children}
      <FieldError id={`${id}-error`} error={error} />
    </fieldset>
  );
}
