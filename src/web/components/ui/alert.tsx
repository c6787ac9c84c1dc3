import type { ReactNode } from 'react';
import { cx } from '../../lib/cx';

const TONES = {
  danger: 'border-danger-600 bg-danger-50 text-danger-800',
  warning: 'border-warning-500 bg-warning-50 text-warning-800',
  info: 'border-primary-300 bg-primary-50 text-primary-800',
  success: 'border-success-600 bg-success-50 text-success-800',
} as const;

/** A message box. Errors use role="alert" so screen readers announce them when they appear. */
export function Alert({ tone = 'danger', title, children, className }: { tone?: keyof typeof TONES; title?: string; children: ReactNode; className?: string }) {
  return (
    <div role={tone === 'danger' ? 'alert' : 'status'} className={cx('rounded-lg border-l-4 px-4 py-3 text-sm', TONES[tone], className)}>
      {title ? <p className="font-semibold">{title}</p> : null}
      <div>{children}</div>
    </div>
  );
}
