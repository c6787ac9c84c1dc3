import type { ReactNode } from 'react';
import { cx } from '../../lib/cx';

const TONES = {
  success: 'bg-success-100 text-success-800',
  neutral: 'bg-slate-200 text-slate-800',
  accent: 'bg-accent-200 text-primary-900',
  danger: 'bg-danger-100 text-danger-800',
} as const;

export function Badge({ tone = 'neutral', children }: { tone?: keyof typeof TONES; children: ReactNode }) {
  return <span className={cx('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold', TONES[tone])}>{children}</span>;
}
