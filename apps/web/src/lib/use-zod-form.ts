/**
 * A small form state hook whose rules come from the contract's zod schema (ARCHITECTURE habit 3), so the SPA
 * checks exactly what the server checks. It also takes the server's 422 `errors` and puts them beside the
 * fields, and moves focus to the first invalid field after a failed submit (so screen readers read its error).
 * Errors are kept as the contract (or the server) wrote them and shown in the reader's language
 * (i18n/validation-messages.ts), so a form already showing errors follows a language change.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { useLocale } from '../i18n/i18n';
import { localizeValidationMessage } from '../i18n/validation-messages';
import { HttpError } from './http';

export type FormErrors<Values> = Partial<Record<keyof Values | (string & {}), string>>;

export interface UseZodFormOptions<Values extends Record<string, unknown>, Schema extends z.ZodType> {
  initialValues: Values;
  schema: Schema;
  /** Turns the form's values into the schema's input (e.g. a select's string id into a number). */
  transform?: (values: Values) => unknown;
}

export interface InputProps<Value> {
  name: string;
  value: Value;
  onChange: (eventOrValue: unknown) => void;
  error: string | undefined;
  errorProps: { role: 'alert' };
}

export interface CheckboxProps {
  name: string;
  checked: boolean;
  onChange: (event: { currentTarget: { checked: boolean } }) => void;
  error: string | undefined;
  /**
   * Mantine's Checkbox has no `errorProps` (it would reach the DOM input); its Styles API `attributes` put the
   * role on the error element instead.
   */
  attributes: { error: { role: 'alert' } };
}

function readValue(eventOrValue: unknown): unknown {
  if (eventOrValue && typeof eventOrValue === 'object' && 'currentTarget' in eventOrValue) {
    const target = (eventOrValue as { currentTarget: { value?: unknown } }).currentTarget;
    return target.value;
  }
  return eventOrValue;
}

/** First message per top-level field of a zod error. */
export function errorsFromIssues(issues: z.ZodError['issues']): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : 'form';
    errors[field] ??= issue.message;
  }
  return errors;
}

/** First message per field of a Laravel 422 `errors` object (`a.b` keys are kept as they are). */
function errorsFromServer(errors: Record<string, string[]>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [field, messages] of Object.entries(errors)) {
    const first = messages[0];
    if (first) result[field] = first;
  }
  return result;
}

/**
 * A failed submit's field errors, first message per field, when it was an HTTP answer carrying Laravel 422
 * `errors`; null for anything else (another status, a network error), which the form shows as one message.
 */
export function fieldErrorsOf(error: unknown): Record<string, string> | null {
  if (!(error instanceof HttpError) || Object.keys(error.fieldErrors).length === 0) return null;
  return errorsFromServer(error.fieldErrors);
}

/** The message a form shows for a failed submit: the server's, or `fallback` when none came (network down). */
export function submitErrorMessage(error: unknown, fallback: string): string {
  return error instanceof HttpError ? error.message : fallback;
}

export function useZodForm<Values extends Record<string, unknown>, Schema extends z.ZodType>({
  initialValues,
  schema,
  transform,
}: UseZodFormOptions<Values, Schema>) {
  const [values, setValues] = useState<Values>(initialValues);
  const [errors, setErrorsState] = useState<FormErrors<Values>>({});
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement | null>(null);
  const locale = useLocale();
  const shown = useCallback(
    (message: string | undefined) => (message === undefined ? undefined : localizeValidationMessage(message, locale)),
    [locale],
  );

  useEffect(() => {
    if (focusRequest === 0) return;
    const invalid = formRef.current?.querySelector<HTMLElement>(
      'input[aria-invalid="true"], textarea[aria-invalid="true"], input[data-invalid="true"], [aria-invalid="true"]',
    );
    invalid?.focus();
  }, [focusRequest]);

  const setFieldValue = useCallback(<Key extends keyof Values>(field: Key, value: Values[Key]) => {
    setValues((current) => ({ ...current, [field]: value }));
    // An edited field loses its old error; the next submit checks it again.
    setErrorsState((current) => {
      if (!(field in current)) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  }, []);

  /** Shows errors beside their fields and focuses the first invalid one. */
  const setErrors = useCallback((next: FormErrors<Values>) => {
    setErrorsState(next);
    if (Object.keys(next).length > 0) setFocusRequest((count) => count + 1);
  }, []);

  /**
   * Shows a failed submit's 422 field errors beside their fields (and focuses the first). Returns false when the
   * error carried none, so the caller shows it another way (`submitErrorMessage`).
   */
  const showFieldErrors = useCallback(
    (error: unknown): boolean => {
      const fieldErrors = fieldErrorsOf(error);
      if (fieldErrors) setErrors(fieldErrors as FormErrors<Values>);
      return fieldErrors !== null;
    },
    [setErrors],
  );

  const validate = useCallback((): { ok: true; data: z.infer<Schema> } | { ok: false } => {
    const result = schema.safeParse(transform ? transform(values) : values);
    if (result.success) {
      setErrorsState({});
      return { ok: true, data: result.data as z.infer<Schema> };
    }
    setErrors(errorsFromIssues(result.error.issues) as FormErrors<Values>);
    return { ok: false };
  }, [schema, transform, values, setErrors]);

  const getInputProps = useCallback(
    <Key extends keyof Values & string>(field: Key): InputProps<Values[Key]> => ({
      name: field,
      value: values[field],
      onChange: (eventOrValue: unknown) => setFieldValue(field, readValue(eventOrValue) as Values[Key]),
      error: shown(errors[field]),
      errorProps: { role: 'alert' },
    }),
    [values, errors, setFieldValue, shown],
  );

  const getCheckboxProps = useCallback(
    <Key extends keyof Values & string>(field: Key): CheckboxProps => ({
      name: field,
      checked: Boolean(values[field]),
      onChange: (event) => setFieldValue(field, event.currentTarget.checked as Values[Key]),
      error: shown(errors[field]),
      attributes: { error: { role: 'alert' } },
    }),
    [values, errors, setFieldValue, shown],
  );

  /** `<form onSubmit={form.onSubmit(handler)}>`: validates, then calls handler with the parsed values. */
  const onSubmit = useCallback(
    (handler: (data: z.infer<Schema>, values: Values) => void | Promise<void>) => (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      formRef.current = event.currentTarget;
      const result = validate();
      if (result.ok) void handler(result.data, values);
    },
    [validate, values],
  );

  /** A field's error as shown (in the reader's language), for inputs that do not take getInputProps. */
  const errorText = useCallback((field: keyof Values & string) => shown(errors[field]), [errors, shown]);

  return {
    values,
    errors,
    errorText,
    setFieldValue,
    setErrors,
    showFieldErrors,
    validate,
    getInputProps,
    getCheckboxProps,
    onSubmit,
    formRef,
  };
}
