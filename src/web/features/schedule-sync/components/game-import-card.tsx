import { useId, useState } from 'react';
import {
  GAME_IMPORT_MAX_CHARS,
  GAME_IMPORT_MAX_ROWS,
  type GameImportPreview,
  type GameImportRequest,
  type GameImportRow,
  type GameImportTotals,
} from '../../../../shared/schedule-import/schedule-import.schemas';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { formatNumber } from '../../../lib/count-words';
import { formatTime, formatTimeRange, formatWeekdayDayAt } from '../../../lib/dates';
import { useT, type Translate } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useApplyGameImport, usePreviewGameImport } from '../api/game-import';

const SAMPLE = 'date,start,end,field,title\n2027-09-14,18:00,20:00,Riverside Park – Field 1,Tigers vs Lions\n9/15/2027,6:00 pm,8:00 pm,"Riverside Park, Field 2",Bears vs Hawks\n';
const SAMPLE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(SAMPLE)}`;

type T = Translate<'schedule-sync'>;

/**
 * For admins on /schedule-sync: import a game schedule (an .ics calendar or a .csv of date, start, end, field).
 * The preview shows each game matched to a field, the slots it blocks, the bookings it cancels and the coaches
 * told, and the rows that cannot be imported with the reason; apply blocks the games with a progress bar.
 */
export function GameImportCard() {
  const { t } = useT('schedule-sync');
  const [file, setFile] = useState<GameImportRequest | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<GameImportPreview | null>(null);
  const [asking, setAsking] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [result, setResult] = useState<GameImportTotals | null>(null);
  const previewing = usePreviewGameImport();
  const applying = useApplyGameImport();
  const inputId = useId();
  const hintId = useId();

  const runPreview = (chosen: GameImportRequest) =>
    previewing.mutate(chosen, {
      onSuccess: (data) => setPreview(data),
      onError: (err) => {
        setPreview(null);
        setFileProblem(err.message);
      },
    });

  const onFile = async (picked: File | undefined) => {
    setPreview(null);
    setResult(null);
    setFileProblem(null);
    setFile(null);
    if (!picked) return;
    if (!/\.(ics|csv)$/i.test(picked.name)) return setFileProblem(t('import.wrongType'));
    if (picked.size > GAME_IMPORT_MAX_CHARS) return setFileProblem(t('import.tooLarge', { max: formatNumber(GAME_IMPORT_MAX_ROWS) }));
    const chosen = { filename: picked.name, content: await picked.text() };
    if (chosen.content.trim() === '') return setFileProblem(t('import.empty'));
    setFile(chosen);
    runPreview(chosen);
  };

  const runApply = () => {
    if (!file || !preview) return;
    setAsking(false);
    setProgress({ done: 0, total: preview.totals.block });
    applying.mutate(
      { file, onProgress: (done, total) => setProgress({ done, total }) },
      {
        onSuccess: (totals) => {
          setResult(totals);
          setPreview(null);
          toast.success(t('import.done', { games: totals.block, bookings: totals.bookings }));
        },
        onError: (err) => toast.error(err.message),
        onSettled: () => setProgress(null),
      },
    );
  };

  const totals = preview?.totals;
  return (
    <Card role="region" aria-labelledby={`${inputId}-heading`} className="mt-6">
      <h2 id={`${inputId}-heading`} className="text-lg font-semibold text-primary-900">
        {t('import.title')}
      </h2>
      <p className="mt-1 max-w-3xl text-slate-700">
        {t('import.intro', { max: formatNumber(GAME_IMPORT_MAX_ROWS) })}
      </p>
      <a href={SAMPLE_HREF} download="game-schedule.csv" className="mt-2 inline-flex min-h-11 items-center font-medium text-primary-700 underline">
        {t('import.sample')}
      </a>

      <div className="mt-3">
        <label htmlFor={inputId} className="mb-1 block text-sm font-semibold text-slate-800">
          {t('import.file')}
        </label>
        <input
          id={inputId}
          type="file"
          accept=".ics,.csv,text/calendar,text/csv"
          aria-describedby={hintId}
          disabled={applying.isPending}
          className="block w-full max-w-full text-sm text-slate-800 file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-4 file:font-semibold file:text-primary-800 hover:file:bg-primary-50"
          onChange={(event) => void onFile(event.target.files?.[0])}
        />
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {file ? t('import.loaded', { file: file.filename }) : t('import.fileHint')}
        </p>
      </div>

      {fileProblem ? (
        <Alert title={t('import.cannot')} className="mt-4">
          <p>{fileProblem}</p>
        </Alert>
      ) : null}
      {previewing.isPending ? <p className="mt-4 text-slate-700">{t('import.reading')}</p> : null}

      {result ? (
        <Alert tone="success" title={t('import.doneTitle')} className="mt-4">
          <p>
            {t('import.doneText', { block: result.block, slots: result.slots, bookings: result.bookings, already: result.already, problem: result.problem })}
          </p>
        </Alert>
      ) : null}

      {preview && totals ? (
        preview.fileError ? (
          <Alert title={t('import.cannot')} className="mt-4">
            <p>{preview.fileError}</p>
          </Alert>
        ) : (
          <section aria-labelledby={`${inputId}-preview`} className="mt-4 flex flex-col gap-4">
            <h3 id={`${inputId}-preview`} className="font-semibold text-primary-900">
              {t('import.previewTitle', { rows: totals.rows, zone: preview.timeZone.replaceAll('_', ' ') })}
            </h3>
            <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
              <Count label={t('import.countBlock')} value={totals.block} />
              <Count label={t('import.countBookings')} value={totals.bookings} />
              <Count label={t('import.countAlready')} value={totals.already} />
              <Count label={t('import.countProblem')} value={totals.problem} danger={totals.problem > 0} />
            </dl>
            {totals.rows === 0 ? (
              <p className="text-slate-700">{t('import.noGames')}</p>
            ) : (
              <GameRows rows={preview.rows} timeZone={preview.timeZone} />
            )}
            {progress ? (
              <ProgressBar
                label={t('import.blocking')}
                value={progress.done}
                max={progress.total}
                valueText={t('import.progress', { done: progress.done, total: progress.total })}
              />
            ) : totals.block === 0 && totals.rows > 0 ? (
              <p className="text-slate-700">{t('import.nothing')}</p>
            ) : null}
            {totals.block > 0 ? (
              <div>
                <Button onClick={() => setAsking(true)} busy={applying.isPending}>
                  {t('import.apply', { count: totals.block })}
                </Button>
              </div>
            ) : null}
            <ConfirmModal
              open={asking}
              title={t('import.confirmTitle')}
              message={
                totals.bookings > 0
                  ? t('import.confirmCancels', { games: totals.block, bookings: totals.bookings })
                  : t('import.confirmNoCancel', { games: totals.block })
              }
              confirmLabel={t('import.confirmLabel', { games: totals.block })}
              destructive={totals.bookings > 0}
              onConfirm={runApply}
              onCancel={() => setAsking(false)}
            />
          </section>
        )
      ) : null}
    </Card>
  );
}

function Count({ label, value, danger = false }: { label: string; value: number; danger?: boolean }) {
  return (
    <div className={danger ? 'rounded-lg border border-danger-600 bg-danger-50 p-3' : 'rounded-lg border border-slate-200 bg-white p-3'}>
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="text-2xl font-bold text-primary-900">{value}</dd>
    </div>
  );
}

const STATUS_WORDS: Record<GameImportRow['status'], { label: 'rows.statusBlock' | 'rows.statusAlready' | 'rows.statusProblem'; tone: 'success' | 'neutral' | 'danger' }> = {
  block: { label: 'rows.statusBlock', tone: 'success' },
  already: { label: 'rows.statusAlready', tone: 'neutral' },
  problem: { label: 'rows.statusProblem', tone: 'danger' },
};

function when(t: T, row: GameImportRow, timeZone: string): string {
  if (!row.startsAt || !row.endsAt) return t('rows.noTime');
  return `${formatWeekdayDayAt(row.startsAt, timeZone)}, ${formatTimeRange(row.startsAt, row.endsAt, timeZone)}`;
}

function Effects({ row, timeZone }: { row: GameImportRow; timeZone: string }) {
  const { t } = useT('schedule-sync');
  if (row.status !== 'block') return <span className="text-slate-800">{row.reason}</span>;
  return (
    <div className="flex flex-col gap-1">
      <span>
        {row.slots.length === 0
          ? t('rows.noSlots')
          : t('rows.blocks', { count: row.slots.length, times: row.slots.map((s) => formatTimeRange(s.startsAt, s.endsAt, timeZone)).join(', ') })}
      </span>
      {row.bookings.length === 0 ? (
        <span className="text-slate-700">{t('rows.noBooking')}</span>
      ) : (
        row.bookings.map((b) => (
          <span key={`${b.teamName}-${b.startsAt}`} className="font-medium text-danger-800">
            {b.coaches.length === 0
              ? t('rows.cancelsNoCoach', { team: b.teamName, time: formatTime(b.startsAt, timeZone) })
              : t('rows.cancelsTells', { team: b.teamName, time: formatTime(b.startsAt, timeZone), coaches: b.coaches.join(', ') })}
          </span>
        ))
      )}
    </div>
  );
}

function GameRows({ rows, timeZone }: { rows: GameImportRow[]; timeZone: string }) {
  const { t } = useT('schedule-sync');
  const wide = useMediaQuery('(min-width: 768px)');
  if (!wide) {
    return (
      <ul aria-label={t('rows.list')} className="flex flex-col gap-3">
        {rows.map((row) => (
          <li key={row.line} className={row.status === 'problem' ? 'rounded-lg border border-danger-600 bg-danger-50 p-3' : 'rounded-lg border border-slate-200 p-3'}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="text-sm text-slate-700">{t('rows.row', { line: row.line })}</span>
              <Badge tone={STATUS_WORDS[row.status].tone}>{t(STATUS_WORDS[row.status].label)}</Badge>
            </div>
            <p className="mt-1 font-semibold break-words text-primary-900">{row.title ?? t('rows.leagueGame')}</p>
            <p className="text-sm break-words text-slate-800">{`${when(t, row, timeZone)} · ${row.fieldName || t('rows.noField')}`}</p>
            <div className="mt-2 text-sm break-words">
              <Effects row={row} timeZone={timeZone} />
            </div>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t('rows.caption')}</caption>
        <thead className="border-b border-slate-300 text-slate-700">
          <tr>
            <th scope="col" className="py-2 pr-3 font-semibold">
              {t('rows.headRow')}
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              {t('rows.headGame')}
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              {t('rows.headField')}
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              {t('rows.headStatus')}
            </th>
            <th scope="col" className="py-2 font-semibold">
              {t('rows.headEffect')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.line} className={row.status === 'problem' ? 'border-b border-slate-200 bg-danger-50 align-top' : 'border-b border-slate-200 align-top'}>
              <td className="py-2 pr-3">{row.line}</td>
              <td className="py-2 pr-3">
                <span className="block font-medium text-primary-900">{row.title ?? t('rows.leagueGame')}</span>
                <span className="text-slate-700">{when(t, row, timeZone)}</span>
              </td>
              <td className="py-2 pr-3 break-words">{row.fieldName || t('rows.noField')}</td>
              <td className="py-2 pr-3 whitespace-nowrap">
                <Badge tone={STATUS_WORDS[row.status].tone}>{t(STATUS_WORDS[row.status].label)}</Badge>
              </td>
              <td className="py-2">
                <Effects row={row} timeZone={timeZone} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
