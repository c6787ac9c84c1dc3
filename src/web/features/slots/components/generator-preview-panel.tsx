import type { GeneratorPreview } from '../../../../shared/slots/slots.schemas';
import { Button } from '../../../components/ui/button';
import { formatNumber } from '../../../lib/count-words';
import { formatClock, formatDateTimeRange, formatDayRange, formatWeekdayDay } from '../../../lib/dates';
import { RichText, useT } from '../../../lib/i18n';
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
  const { t } = useT('slots');
  const overlapCount = preview.overlaps.length;

  return (
    <section aria-labelledby="preview-title" className="mt-6 rounded-lg border border-primary-200 bg-primary-50/40 p-4 sm:p-5">
      <h3 id="preview-title" className="text-lg font-bold text-primary-900">
        {t('preview.title')}
      </h3>
      <p role="status" className="mt-1 text-lg text-slate-900">
        <RichText
          ns="slots"
          k={overlapCount > 0 ? 'preview.willCreateOverlaps' : 'preview.willCreate'}
          values={{ count: preview.total, overlaps: overlapCount }}
          components={{ 0: <strong /> }}
        />
      </p>

      <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold text-slate-800">{t('preview.datesUsed')}</dt>
        <dd className="text-slate-900">
          {preview.range
            ? t('preview.range', { range: formatDayRange(preview.range.from, preview.range.to) })
            : t('preview.noRange')}
        </dd>
        <dt className="font-semibold text-slate-800">{t('preview.dailyTimes')}</dt>
        <dd className="text-slate-900">
          {preview.dailyTimes.length === 0 ? (
            t('preview.noTimes')
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
            <caption className="sr-only">{t('preview.perField')}</caption>
            <thead className="bg-slate-100 text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">{t('preview.field')}</th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">{t('preview.willCreateColumn')}</th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">{t('preview.overlapsColumn')}</th>
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
          <h4 className="font-semibold text-slate-900">{t('preview.overlapsTitle')}</h4>
          <p className="text-sm text-slate-700">{t('preview.overlapsText')}</p>
          <ul className="mt-2 flex flex-col gap-1 text-sm text-slate-900">
            {preview.overlaps.slice(0, PREVIEW_LIST_LIMIT).map((o) => (
              <li key={`${o.fieldId}-${o.startsAt}`}>
                <span className="font-medium">{o.fieldName}</span> · {formatDateTimeRange(o.startsAt, o.endsAt, timeZone)}
              </li>
            ))}
          </ul>
          {overlapCount > PREVIEW_LIST_LIMIT ? <p className="mt-1 text-sm text-slate-700">{t('preview.more', { count: formatNumber(overlapCount - PREVIEW_LIST_LIMIT) })}</p> : null}
        </div>
      ) : null}

      {preview.skipped.length > 0 ? (
        <div className="mt-5">
          <h4 className="font-semibold text-slate-900">{t('preview.skippedTitle')}</h4>
          <p className="text-sm text-slate-700">{t('preview.skippedText')}</p>
          <ul className="mt-2 flex flex-col gap-1 text-sm text-slate-900">
            {preview.skipped.slice(0, PREVIEW_LIST_LIMIT).map((s) => (
              <li key={`${s.date}-${s.localStart}`}>
                <span className="font-medium">
                  {formatWeekdayDay(s.date)}, {formatClock(s.localStart)}
                </span>
                : {skipReasonWords(t, s.reason)}
              </li>
            ))}
          </ul>
          {preview.skipped.length > PREVIEW_LIST_LIMIT ? (
            <p className="mt-1 text-sm text-slate-700">{t('preview.more', { count: formatNumber(preview.skipped.length - PREVIEW_LIST_LIMIT) })}</p>
          ) : null}
        </div>
      ) : null}

      <div className="mt-6 flex flex-wrap items-center gap-3">
        <Button onClick={onCreate} busy={creating} disabled={stale || preview.total === 0}>
          {t('preview.create', { count: preview.total })}
        </Button>
        {preview.total === 0 ? <p className="text-sm text-slate-700">{t('preview.nothing')}</p> : null}
      </div>
    </section>
  );
}
