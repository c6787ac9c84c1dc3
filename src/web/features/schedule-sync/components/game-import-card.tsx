import { useId, useState } from 'react';
import {
  GAME_IMPORT_MAX_CHARS,
  GAME_IMPORT_MAX_ROWS,
  GAME_IMPORT_TOO_LARGE,
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
import { countOf } from '../../../lib/count-words';
import { formatTime, formatTimeRange, formatWeekdayDayAt } from '../../../lib/dates';
import { toast } from '../../../lib/toast';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useApplyGameImport, usePreviewGameImport } from '../api/game-import';

const SAMPLE = 'date,start,end,field,title\n2027-09-14,18:00,20:00,Riverside Park – Field 1,Tigers vs Lions\n9/15/2027,6:00 pm,8:00 pm,"Riverside Park, Field 2",Bears vs Hawks\n';
const SAMPLE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(SAMPLE)}`;

const gamesOf = (n: number) => countOf(n, 'game');
const bookingsOf = (n: number) => countOf(n, 'booking');

/**
 * For admins on /schedule-sync: import a game schedule (an .ics calendar or a .csv of date, start, end, field).
 * The preview shows each game matched to a field, the slots it blocks, the bookings it cancels and the coaches
 * told, and the rows that cannot be imported with the reason; apply blocks the games with a progress bar.
 */
export function GameImportCard() {
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
    if (!/\.(ics|csv)$/i.test(picked.name)) return setFileProblem('Choose an .ics (calendar) or .csv (spreadsheet) file.');
    if (picked.size > GAME_IMPORT_MAX_CHARS) return setFileProblem(GAME_IMPORT_TOO_LARGE);
    const chosen = { filename: picked.name, content: await picked.text() };
    if (chosen.content.trim() === '') return setFileProblem('That file is empty. It needs a header row (date, start, end, field) and one row per game.');
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
          toast.success(`Imported: ${gamesOf(totals.block)} blocked, ${bookingsOf(totals.bookings)} cancelled.`);
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
        Import a game schedule
      </h2>
      <p className="mt-1 max-w-3xl text-slate-700">
        {`Games block their field for the game’s time: the slots turn blocked, and practices booked there are cancelled with their coaches emailed. Choose the league’s calendar file (.ics) or a spreadsheet saved as CSV with the columns date, start, end, field (and optionally title or opponent), up to ${GAME_IMPORT_MAX_ROWS.toLocaleString('en-US')} games. Write the field as Facility – Field. Importing the same file again changes nothing.`}
      </p>
      <a href={SAMPLE_HREF} download="game-schedule.csv" className="mt-2 inline-flex min-h-11 items-center font-medium text-primary-700 underline">
        Download a sample CSV
      </a>

      <div className="mt-3">
        <label htmlFor={inputId} className="mb-1 block text-sm font-semibold text-slate-800">
          Schedule file
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
          {file ? `Loaded ${file.filename}.` : 'An .ics or .csv file of at most 1 MB. Nothing changes until you apply.'}
        </p>
      </div>

      {fileProblem ? (
        <Alert title="This file cannot be imported" className="mt-4">
          <p>{fileProblem}</p>
        </Alert>
      ) : null}
      {previewing.isPending ? <p className="mt-4 text-slate-700">Reading the file…</p> : null}

      {result ? (
        <Alert tone="success" title="Import done" className="mt-4">
          <p>
            {`${gamesOf(result.block)} blocked (${countOf(result.slots, 'slot')}), ${bookingsOf(result.bookings)} cancelled and their coaches emailed; ${gamesOf(result.already)} already imported, ${countOf(result.problem, 'row')} with a problem skipped.`}
          </p>
        </Alert>
      ) : null}

      {preview && totals ? (
        preview.fileError ? (
          <Alert title="This file cannot be imported" className="mt-4">
            <p>{preview.fileError}</p>
          </Alert>
        ) : (
          <section aria-labelledby={`${inputId}-preview`} className="mt-4 flex flex-col gap-4">
            <h3 id={`${inputId}-preview`} className="font-semibold text-primary-900">
              {`Preview of ${countOf(totals.rows, 'row')} (times in ${preview.timeZone.replaceAll('_', ' ')})`}
            </h3>
            <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
              <Count label="Games to block" value={totals.block} />
              <Count label="Bookings to cancel" value={totals.bookings} />
              <Count label="Already imported" value={totals.already} />
              <Count label="Rows with a problem" value={totals.problem} danger={totals.problem > 0} />
            </dl>
            {totals.rows === 0 ? (
              <p className="text-slate-700">The file has no games. Add one row (or event) per game below the header, then choose the file again.</p>
            ) : (
              <GameRows rows={preview.rows} timeZone={preview.timeZone} />
            )}
            {progress ? (
              <ProgressBar label="Blocking games" value={progress.done} max={progress.total} valueText={`${progress.done} of ${gamesOf(progress.total)}`} />
            ) : totals.block === 0 && totals.rows > 0 ? (
              <p className="text-slate-700">Nothing to import: every game in the file is already imported or has a problem to fix first.</p>
            ) : null}
            {totals.block > 0 ? (
              <div>
                <Button onClick={() => setAsking(true)} busy={applying.isPending}>
                  {`Apply: block ${gamesOf(totals.block)}`}
                </Button>
              </div>
            ) : null}
            <ConfirmModal
              open={asking}
              title="Import the games?"
              message={
                totals.bookings > 0
                  ? `Block ${gamesOf(totals.block)} and cancel ${bookingsOf(totals.bookings)}? Their coaches are emailed.`
                  : `Block ${gamesOf(totals.block)}? No booking is cancelled.`
              }
              confirmLabel={`Block ${gamesOf(totals.block)}`}
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

const STATUS_WORDS: Record<GameImportRow['status'], { label: string; tone: 'success' | 'neutral' | 'danger' }> = {
  block: { label: 'Will block', tone: 'success' },
  already: { label: 'Already imported', tone: 'neutral' },
  problem: { label: 'Problem', tone: 'danger' },
};

function when(row: GameImportRow, timeZone: string): string {
  if (!row.startsAt || !row.endsAt) return 'No time';
  return `${formatWeekdayDayAt(row.startsAt, timeZone)}, ${formatTimeRange(row.startsAt, row.endsAt, timeZone)}`;
}

function Effects({ row, timeZone }: { row: GameImportRow; timeZone: string }) {
  if (row.status !== 'block') return <span className="text-slate-800">{row.reason}</span>;
  return (
    <div className="flex flex-col gap-1">
      <span>{row.slots.length === 0 ? 'No slots on the field then: nothing to block yet.' : `Blocks ${countOf(row.slots.length, 'slot')}: ${row.slots.map((s) => formatTimeRange(s.startsAt, s.endsAt, timeZone)).join(', ')}`}</span>
      {row.bookings.length === 0 ? (
        <span className="text-slate-700">No booking cancelled.</span>
      ) : (
        row.bookings.map((b) => (
          <span key={`${b.teamName}-${b.startsAt}`} className="font-medium text-danger-800">
            {`Cancels the ${b.teamName} practice at ${formatTime(b.startsAt, timeZone)}; ${b.coaches.length === 0 ? 'the team has no coach to tell' : `tells ${b.coaches.join(', ')}`}.`}
          </span>
        ))
      )}
    </div>
  );
}

function GameRows({ rows, timeZone }: { rows: GameImportRow[]; timeZone: string }) {
  const wide = useMediaQuery('(min-width: 768px)');
  if (!wide) {
    return (
      <ul aria-label="Games in the file" className="flex flex-col gap-3">
        {rows.map((row) => (
          <li key={row.line} className={row.status === 'problem' ? 'rounded-lg border border-danger-600 bg-danger-50 p-3' : 'rounded-lg border border-slate-200 p-3'}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="text-sm text-slate-700">{`Row ${row.line}`}</span>
              <Badge tone={STATUS_WORDS[row.status].tone}>{STATUS_WORDS[row.status].label}</Badge>
            </div>
            <p className="mt-1 font-semibold break-words text-primary-900">{row.title ?? 'League game'}</p>
            <p className="text-sm break-words text-slate-800">{`${when(row, timeZone)} · ${row.fieldName || 'No field'}`}</p>
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
        <caption className="sr-only">Games in the file, row by row</caption>
        <thead className="border-b border-slate-300 text-slate-700">
          <tr>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Row
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Game
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Field
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Status
            </th>
            <th scope="col" className="py-2 font-semibold">
              What it does
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.line} className={row.status === 'problem' ? 'border-b border-slate-200 bg-danger-50 align-top' : 'border-b border-slate-200 align-top'}>
              <td className="py-2 pr-3">{row.line}</td>
              <td className="py-2 pr-3">
                <span className="block font-medium text-primary-900">{row.title ?? 'League game'}</span>
                <span className="text-slate-700">{when(row, timeZone)}</span>
              </td>
              <td className="py-2 pr-3 break-words">{row.fieldName || 'No field'}</td>
              <td className="py-2 pr-3 whitespace-nowrap">
                <Badge tone={STATUS_WORDS[row.status].tone}>{STATUS_WORDS[row.status].label}</Badge>
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
