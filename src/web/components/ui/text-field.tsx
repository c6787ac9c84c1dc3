import type { InputHTMLAttributes, Ref } from 'react';
import { cx } from '../../lib/cx';
import { FieldShell } from './field-shell';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

export const inputClasses = (invalid: boolean) =>
  cx(
    'block min-h-11 w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-500',
    'focus:border-primary-500 focus:outline-none focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-primary-500',
    'read-only:bg-slate-100',
    invalid ? 'border-danger-600' : 'border-slate-400',
  );

/** A labelled input whose error and hint are tied to it with aria-describedby. */
export function TextField({ label, error, hint, className, ref, ...rest }: TextFieldProps) {
  return (
    <FieldShell label={label} hint={hint} error={error} className={className}>
      {(control) => <input ref={ref} {...control} className={inputClasses(Boolean(error))} {...rest} />}
    </FieldShell>
  );
}
