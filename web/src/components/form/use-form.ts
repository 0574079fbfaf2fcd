/**
 * A form's values, its errors beside fields and its alert, without a form library: the shared
 * zod schemas do the validation (checkInput), and server failures land where they belong
 * (describeFailure). After a failed submit, focus moves to the alert or the first invalid field.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import type * as z from 'zod/mini';
import { checkInput } from './check-input';
import { describeFailure, type FieldErrors, type Labels } from './messages';

export interface FormApi<V extends object> {
  values: V;
  set: <K extends keyof V>(name: K, value: V[K]) => void;
  setValues: (patch: Partial<V>) => void;
  errors: FieldErrors;
  alert: string | null;
  /** Validates input with the schema; on failure shows the errors and answers null. */
  check: <S extends z.core.$ZodType>(schema: S, input: Record<string, unknown>) => z.output<S> | null;
  /** Shows a failed call: beside its field, or in the alert. */
  fail: (error: unknown) => void;
  setErrors: (fields: FieldErrors, alert?: string | null) => void;
  clear: () => void;
  formRef: RefObject<HTMLFormElement>;
  /** Props for a <TextField> and friends: name, value, onChange, error. */
  field: <K extends keyof V & string>(name: K) => { name: K; value: V[K]; onValueChange: (value: V[K]) => void; error?: string };
}

export function useForm<V extends object>(initial: V, labels: Labels): FormApi<V> {
  const [values, setValuesState] = useState<V>(initial);
  const [errors, setErrorsState] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  // After each failed submit: the alert first (it explains), else the first field in error.
  useEffect(() => {
    if (attempt === 0) return;
    const form = formRef.current;
    const target =
      form?.querySelector<HTMLElement>('[data-form-alert]') ??
      form?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid="true"] input, [data-invalid="true"] button');
    target?.focus();
  }, [attempt]);

  const setErrors = useCallback((fields: FieldErrors, nextAlert: string | null = null) => {
    setErrorsState(fields);
    setAlert(nextAlert);
    if (Object.keys(fields).length || nextAlert) setAttempt((n) => n + 1);
  }, []);

  const set = useCallback(<K extends keyof V>(name: K, value: V[K]) => {
    setValuesState((v) => ({ ...v, [name]: value }));
    // Editing a field takes its error away; the next submit checks again.
    setErrorsState((e) => {
      if (!((name as string) in e)) return e;
      const next = { ...e };
      delete next[name as string];
      return next;
    });
  }, []);

  const setValues = useCallback((patch: Partial<V>) => setValuesState((v) => ({ ...v, ...patch })), []);

  const check = useCallback(
    <S extends z.core.$ZodType>(schema: S, input: Record<string, unknown>): z.output<S> | null => {
      const result = checkInput(schema, input, labels);
      if (result.ok) {
        setErrorsState({});
        setAlert(null);
        return result.data;
      }
      const { form: formLevel, ...fields } = result.errors;
      setErrors(fields, formLevel ?? null);
      return null;
    },
    [labels, setErrors],
  );

  const fail = useCallback(
    (error: unknown) => {
      const { fields, alert: message } = describeFailure(error, labels);
      setErrors(fields, message);
    },
    [labels, setErrors],
  );

  const clear = useCallback(() => {
    setErrorsState({});
    setAlert(null);
  }, []);

  const field = <K extends keyof V & string>(name: K) => ({
    name,
    value: values[name],
    onValueChange: (value: V[K]) => set(name, value),
    error: errors[name],
  });

  return { values, set, setValues, errors, alert, check, fail, setErrors, clear, formRef, field };
}

/** onSubmit that never reloads the page. */
export function onSubmit(handler: () => void) {
  return (event: FormEvent) => {
    event.preventDefault();
    handler();
  };
}
