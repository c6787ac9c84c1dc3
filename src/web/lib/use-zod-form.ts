import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type BaseSyntheticEvent } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type Resolver, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { applyServerErrors, fieldErrorsInActiveLanguage } from './form-errors';

interface ZodFormOptions<TForm extends FieldValues> {
  defaultValues: DefaultValues<TForm>;
  /** The fields the server may name in `details.fields`: its message shows at that field, any other above the form. */
  serverFields?: readonly Path<TForm>[];
}

export type ZodForm<TForm extends FieldValues, TValues> = UseFormReturn<TForm, unknown, TValues> & {
  /** The message for the form as a whole, shown above the fields; null when there is none. */
  formError: string | null;
  setFormError: (message: string | null) => void;
  /** Shows a failed save: the server's field errors at their fields, anything else as the form's message (returned). */
  showServerError: (err: unknown) => string | null;
  /** handleSubmit for a save: clears the form's message, runs `onValid` and shows what it throws (showServerError). */
  submit: (onValid: (values: TValues) => Promise<void> | void) => (event?: BaseSyntheticEvent) => Promise<void>;
};

/**
 * The one way a form is set up: react-hook-form checked by a zod schema (the shared one where there is one), the
 * server's field errors at their fields and any other error above the form. The schema's messages are English; each
 * field shows its message in the active language (the `validation` catalogue, decision 038).
 */
export function useZodForm<TForm extends FieldValues, TValues>(schema: z.ZodType<TValues, TForm>, options: ZodFormOptions<TForm>): ZodForm<TForm, TValues>;
/** The same when the page holds some values outside the inputs (a slot chosen in a list): `fill` adds them before the check. */
export function useZodForm<TForm extends FieldValues, TValues, TInput extends FieldValues>(
  schema: z.ZodType<TValues, TInput>,
  options: ZodFormOptions<TForm> & { fill: (values: TForm) => TInput },
): ZodForm<TForm, TValues>;
export function useZodForm<TForm extends FieldValues, TValues, TInput extends FieldValues>(
  schema: z.ZodType<TValues, TInput>,
  { defaultValues, serverFields = [], fill }: ZodFormOptions<TForm> & { fill?: (values: TForm) => TInput },
): ZodForm<TForm, TValues> {
  const resolve = zodResolver(schema) as unknown as Resolver<TForm, unknown, TValues>;
  const check: Resolver<TForm, unknown, TValues> = fill ? (values, context, opts) => resolve(fill(values) as unknown as TForm, context, opts) : resolve;
  const resolver: Resolver<TForm, unknown, TValues> = async (values, context, opts) => {
    const result = await check(values, context, opts);
    // A failed check has no values: its errors, each message in the active language.
    return Object.keys(result.errors).length === 0 ? result : { values: {}, errors: await fieldErrorsInActiveLanguage(result.errors) };
  };
  const form = useForm<TForm, unknown, TValues>({ resolver, defaultValues });
  const [formError, setFormError] = useState<string | null>(null);

  const showServerError = (err: unknown) => {
    const message = applyServerErrors(err, form.setError, serverFields);
    setFormError(message);
    return message;
  };

  const submit = (onValid: (values: TValues) => Promise<void> | void) =>
    form.handleSubmit(async (values) => {
      setFormError(null);
      try {
        await onValid(values);
      } catch (err) {
        showServerError(err);
      }
    });

  return { ...form, formError, setFormError, showServerError, submit };
}
