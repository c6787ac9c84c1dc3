import type { ButtonHTMLAttributes } from 'react';
import { cx } from '../../lib/cx';

export type ButtonVariant = 'primary' | 'accent' | 'secondary' | 'danger' | 'ghost' | 'on-dark';
export type ButtonSize = 'md' | 'sm';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-primary-800 text-white hover:bg-primary-700 disabled:bg-slate-300 disabled:text-slate-700',
  accent: 'bg-accent-400 text-primary-900 hover:bg-accent-300 disabled:bg-accent-100 disabled:text-slate-600',
  secondary:
    'border border-slate-300 bg-white text-primary-800 hover:border-primary-400 hover:bg-primary-50 disabled:text-slate-500',
  danger: 'bg-danger-700 text-white hover:bg-danger-800 disabled:bg-danger-100 disabled:text-danger-800',
  ghost: 'text-primary-800 hover:bg-primary-50 disabled:text-slate-500',
  /** An outlined button on the navy hero or top bar. */
  'on-dark': 'border border-white/60 text-white hover:border-white hover:bg-primary-700',
};

/** Every size keeps a 44 px tap target (ui.md "Phone first"). */
const SIZES: Record<ButtonSize, string> = {
  md: 'min-h-11 px-4 text-base',
  sm: 'min-h-11 px-3 text-sm',
};

export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', className?: string): string {
  return cx(
    'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors disabled:cursor-not-allowed',
    VARIANTS[variant],
    SIZES[size],
    className,
  );
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  busy?: boolean;
}

export function Button({ variant = 'primary', size = 'md', busy = false, className, type = 'button', disabled, children, ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClasses(variant, size, className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy ? <Spinner /> : null}
      {children}
    </button>
  );
}

function Spinner() {
  return <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" />;
}
