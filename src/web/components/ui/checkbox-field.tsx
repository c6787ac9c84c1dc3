import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { cx } from '../../lib/cx';

export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  label: ReactNode;
  hint?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/** A checkbox with its label beside it; the whole row is a 44 px tap target. */
export function CheckboxField({ label, hint, className, ref, ...rest }: CheckboxFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={className}>
      <label htmlFor={id} className="flex min-h-11 cursor-pointer items-center gap-3 text-base text-slate-900">
        <input
          ref={ref}
          id={id}
          type="checkbox"
          aria-describedby={hint ? hintId : undefined}
          className="size-5 shrink-0 rounded border-slate-400 accent-primary-800"
          {...rest}
        />
        <span className="font-medium">{label}</span>
      </label>
      {hint ? (
        <p id={hintId} className={cx('-mt-1 pl-8 text-sm text-slate-600')}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
