import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldValues, type Path, type UseFormProps, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from './api-client';

/**
 * react-hook-form driven by a shared zod schema (so browser and server give the same messages),
 * with a helper that puts a server's field errors onto the fields.
 */
export function useApiForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
) {
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
  return { ...form, applyServerErrors };
}
