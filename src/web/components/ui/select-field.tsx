import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { cx } from '../../lib/cx';
import { FieldShell } from './field-shell';
import { inputClasses } from './text-field';

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  children: ReactNode;
  ref?: Ref<HTMLSelectElement>;
}

export function SelectField({ label, error, hint, className, children, ref, ...rest }: SelectFieldProps) {
  return (
    <FieldShell label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <select ref={ref} {...control} className={cx(inputClasses(Boolean(error)), 'pr-8')} {...rest}>
          {children}
        </select>
      )}
    </FieldShell>
  );
}
