import type { ReactNode } from 'react';
import { PageHeader } from './page-header';

/** The narrow, centred layout shared by login, signup and first-admin setup. */
export function AuthCard({ title, description, children, footer }: { title: string; description?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-md">
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <PageHeader title={title} description={description} />
        {children}
      </div>
      {footer ? <div className="mt-4 text-center text-sm text-slate-700">{footer}</div> : null}
    </section>
  );
}
