import type { ReactNode } from 'react';
import { PRODUCT_TITLE } from '../../../shared/constants';

/** The one h1 of a page, its one-line description, optional actions, and the document title. */
export function PageHeader({ title, description, actions }: { title: string; description?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <title>{`${title} · ${PRODUCT_TITLE}`}</title>
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight text-primary-900 sm:text-3xl">{title}</h1>
        {description ? <p className="mt-1 max-w-2xl text-slate-700">{description}</p> : null}
      </div>
      {actions ? <div className="flex shrink-0 flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}
