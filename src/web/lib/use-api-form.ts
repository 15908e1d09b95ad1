import { zodResolver } from '@hookform/resolvers/zod';
import {
  type FieldError,
  type FieldValues,
  get,
  type Path,
  type UseFormProps,
  useForm,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from './api-client';
import { translateMessage } from './translate-message';

/**
 * react-hook-form driven by a shared zod schema (so browser and server give the same messages),
 * with a helper that puts a server's field errors onto the fields.
 */
export function useApiForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
) {
  const { t } = useTranslation();
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    ...options,
    mode: options.mode ?? 'onTouched',
    resolver: zodResolver(schema as never) as never,
  });
  /** Map an API error's fields onto the form; answers whether any field took a message. */
  const applyServerErrors = (error: unknown): boolean => {
    if (!(error instanceof ApiError)) return false;
    const entries = Object.entries(error.fields);
    for (const [field, message] of entries) {
      form.setError(field as Path<z.input<S>>, { type: 'server', message });
    }
    return entries.length > 0;
  };
  /** A text field's props: registered, and marked with its translated message while its value is wrong. */
  const fieldProps = (name: Path<z.input<S>>) => {
    const error: FieldError | undefined = get(form.formState.errors, name);
    return {
      ...form.register(name),
      error: Boolean(error),
      helperText: translateMessage(t, error?.message),
    };
  };
  return { ...form, applyServerErrors, fieldProps };
}
