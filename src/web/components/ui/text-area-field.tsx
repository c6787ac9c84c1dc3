import type { Ref, TextareaHTMLAttributes } from 'react';
import { cx } from '../../lib/cx';
import { FieldShell } from './field-shell';
import { inputClasses } from './text-field';

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line input, like TextField. */
export function TextAreaField({ label, error, hint, className, ref, rows = 3, ...rest }: TextAreaFieldProps) {
  return (
    <FieldShell label={label} hint={hint} error={error} className={className}>
      {(control) => <textarea ref={ref} {...control} rows={rows} className={cx(inputClasses(Boolean(error)), 'resize-y')} {...rest} />}
    </FieldShell>
  );
}
