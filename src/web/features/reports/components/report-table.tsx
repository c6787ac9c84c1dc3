import type { ReactNode } from 'react';
import { cx } from '../../../lib/cx';

export interface ReportColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Numbers are right-aligned in the table. */
  numeric?: boolean;
}

/**
 * A report table: a real table from 768 px (the accessible version of a chart, with a caption and row headers),
 * cards with the same labels below it (no horizontal scrolling on a phone). The first column names the row.
 */
export function ReportTable<T>({ caption, columns, rows, rowKey }: { caption: string; columns: ReportColumn<T>[]; rows: T[]; rowKey: (row: T) => string }) {
  const [first, ...rest] = columns;
  if (!first) return null;
  return (
    <>
      {/* A wide table scrolls sideways; focusable, so a keyboard can scroll it too. */}
      <div role="region" aria-label={caption} tabIndex={0} className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-100 text-slate-700">
            <tr>
              {columns.map((c) => (
                <th key={c.header} scope="col" className={cx('px-3 py-2 font-semibold', c.numeric && 'text-right')}>
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {rows.map((row) => (
              <tr key={rowKey(row)}>
                <th scope="row" className="px-3 py-2 font-semibold text-slate-900">
                  {first.cell(row)}
                </th>
                {rest.map((c) => (
                  <td key={c.header} className={cx('px-3 py-2 text-slate-800', c.numeric && 'text-right tabular-nums')}>
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="flex flex-col gap-2 md:hidden" aria-label={caption}>
        {rows.map((row) => (
          <li key={rowKey(row)} className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
            <p className="font-semibold text-slate-900">{first.cell(row)}</p>
            <dl className="mt-1 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
              {rest.map((c) => (
                <div key={c.header} className="flex flex-col">
                  <dt className="text-slate-600">{c.header}</dt>
                  <dd className="font-medium text-slate-900 tabular-nums">{c.cell(row)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
