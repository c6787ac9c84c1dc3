import type { GeneratorPreview } from '../../../../shared/slots/slots.schemas';
import { Button } from '../../../components/ui/button';
import { countOf, formatNumber } from '../../../lib/count-words';
import { formatClock, formatDateTimeRange, formatDayRange, formatWeekdayDay } from '../../../lib/dates';
import { skipReasonWords } from '../slot-words';

/** How many overlapping and skipped times are listed one by one; the rest are counted. */
export const PREVIEW_LIST_LIMIT = 50;

/** What the generator would do, from the server's preview, and the button that does it. */
export function GeneratorPreviewPanel({
  preview,
  timeZone,
  stale,
  creating,
  onCreate,
}: {
  preview: GeneratorPreview;
  timeZone: string;
  stale: boolean;
  creating: boolean;
  onCreate: () => void;
}) {
  const overlapCount = preview.overlaps.length;
  const createLabel = `Create ${countOf(preview.total, 'slot')}`;

  return (
    <section aria-labelledby="preview-title" className="mt-6 rounded-lg border border-primary-200 bg-primary-50/40 p-4 sm:p-5">
      <h3 id="preview-title" className="text-lg font-bold text-primary-900">
        Preview
      </h3>
      <p role="status" className="mt-1 text-lg text-slate-900">
        <strong>{countOf(preview.total, 'slot')}</strong> will be created
        {overlapCount > 0 ? `; ${countOf(overlapCount, 'time')} overlap${overlapCount === 1 ? 's' : ''} existing slots and will be skipped` : ''}.
      </p>

      <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold text-slate-800">Dates used</dt>
        <dd className="text-slate-900">
          {preview.range
            ? `${formatDayRange(preview.range.from, preview.range.to)} (your dates, kept inside the season)`
            : 'None: the dates you chose are outside the season.'}
        </dd>
        <dt className="font-semibold text-slate-800">Daily times</dt>
        <dd className="text-slate-900">
          {preview.dailyTimes.length === 0 ? (
            'No slot fits the times you chose.'
          ) : (
            <ul className="flex flex-wrap gap-1.5">
              {preview.dailyTimes.map((time) => (
                <li key={time.start} className="rounded-md border border-slate-300 bg-white px-2 py-0.5">
                  {formatClock(time.start)} – {formatClock(time.end)}
                </li>
              ))}
            </ul>
          )}
        </dd>
      </dl>

      {preview.perField.length > 0 ? (
        <div className="mt-5 overflow-hidden rounded-lg border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Slots per field</caption>
            <thead className="bg-slate-100 text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">Field</th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">Will create</th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">Overlaps existing</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {preview.perField.map((row) => (
                <tr key={row.fieldId}>
                  <th scope="row" className="px-3 py-2 font-medium break-words text-slate-900">{row.fieldName}</th>
                  <td className="px-3 py-2 text-right text-slate-900 tabular-nums">{formatNumber(row.create)}</td>
                  <td className="px-3 py-2 text-right text-slate-900 tabular-nums">{formatNumber(row.overlaps)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}

      {overlapCount > 0 ? (
        <div className="mt-5">
          <h4 className="font-semibold text-slate-900">Overlapping existing slots</h4>
          <p className="text-sm text-slate-700">These times clash with slots that already exist; the existing slots stay as they are and these are not created.</p>
          <ul className="mt-2 flex flex-col gap-1 text-sm text-slate-900">
            {preview.overlaps.slice(0, PREVIEW_LIST_LIMIT).map((o) => (
              <li key={`${o.fieldId}-${o.startsAt}`}>
                <span className="font-medium">{o.fieldName}</span> · {formatDateTimeRange(o.startsAt, o.endsAt, timeZone)}
              </li>
            ))}
          </ul>
          {overlapCount > PREVIEW_LIST_LIMIT ? <p className="mt-1 text-sm text-slate-700">…and {formatNumber(overlapCount - PREVIEW_LIST_LIMIT)} more.</p> : null}
        </div>
      ) : null}

      {preview.skipped.length > 0 ? (
        <div className="mt-5">
          <h4 className="font-semibold text-slate-900">Skipped times</h4>
          <p className="text-sm text-slate-700">No slot is created at these times, on any chosen field.</p>
          <ul className="mt-2 flex flex-col gap-1 text-sm text-slate-900">
            {preview.skipped.slice(0, PREVIEW_LIST_LIMIT).map((s) => (
              <li key={`${s.date}-${s.localStart}`}>
                <span className="font-medium">
                  {formatWeekdayDay(s.date)}, {formatClock(s.localStart)}
                </span>
                : {skipReasonWords(s.reason)}
              </li>
            ))}
          </ul>
          {preview.skipped.length > PREVIEW_LIST_LIMIT ? (
            <p className="mt-1 text-sm text-slate-700">…and {formatNumber(preview.skipped.length - PREVIEW_LIST_LIMIT)} more.</p>
          ) : null}
        </div>
      ) : null}

      <div className="mt-6 flex flex-wrap items-center gap-3">
        <Button onClick={onCreate} busy={creating} disabled={stale || preview.total === 0}>
          {createLabel}
        </Button>
        {preview.total === 0 ? <p className="text-sm text-slate-700">Nothing to create with these settings. Change them and preview again.</p> : null}
      </div>
    </section>
  );
}
