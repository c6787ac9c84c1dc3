import { useId, type InputHTMLAttributes, type Ref } from 'react';

export interface SwitchFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type' | 'role'> {
  label: string;
  hint?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/**
 * An on/off switch: a checkbox with role="switch" (screen readers say "on"/"off"), drawn as a track and a
 * knob, with its label beside it; the whole row is a 44 px tap target. Works with react-hook-form's register.
 */
export function SwitchField({ label, hint, className, ref, ...rest }: SwitchFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={className}>
      <label htmlFor={id} className="inline-flex min-h-11 cursor-pointer items-center gap-3 text-base text-slate-900">
        <span className="relative inline-flex shrink-0 items-center">
          {/* The input itself is the track (not hidden), so clicks, taps and test tools reach it directly. */}
          <input
            ref={ref}
            id={id}
            type="checkbox"
            role="switch"
            aria-describedby={hint ? hintId : undefined}
            className="peer h-7 w-12 cursor-pointer appearance-none rounded-full bg-slate-500 transition-colors checked:bg-success-700 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary-500 disabled:cursor-not-allowed disabled:opacity-50"
            {...rest}
          />
          <span aria-hidden="true" className="pointer-events-none absolute left-1 size-5 rounded-full bg-white shadow transition-transform peer-checked:translate-x-5" />
        </span>
        <span className="font-semibold">{label}</span>
      </label>
      {hint ? (
        <p id={hintId} className="mt-0.5 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
