import type { HTMLAttributes } from 'react';
import { cx } from '../../lib/cx';

export function Card({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cx('rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6', className)} {...rest} />;
}
