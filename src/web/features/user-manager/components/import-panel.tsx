import { useId, useState, type ReactNode } from 'react';
import { toast } from '../../../lib/toast';
import { IMPORT_MAX_ROWS, type ImportPreview } from '../../../../shared/invitations/invitations.schemas';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { RichText, useT } from '../../../lib/i18n';
import { useApplyImport, usePreviewImport, type ImportResult } from '../api/import-csv';

const SAMPLE = 'team,division,coach name,coach email\nBlue Jays,10U,Casey Coach,casey@example.org\nBlue Jays,10U,Sam Assistant,sam@example.org\nRobins,12U,Rae Robin,rae@example.org\nOrioles,12U,,\n';
const SAMPLE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(SAMPLE)}`;

/**
 * The Import tab: a CSV of teams and coaches (team, division, coach name, coach email). Preview shows what will
 * be created, what exists and which rows are refused and why; apply does exactly that, with a progress bar.
 */
export function ImportPanel({ onDone }: { onDone: () => void }) {
  const { t } = useT('user-manager');
  const [csv, setCsv] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ csv: string; result: ImportPreview } | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const previewing = usePreviewImport();
  const applying = useApplyImport();
  const fileId = useId();

  // A preview is about the text it was made from: editing the text puts it away.
  const current = preview && preview.csv === csv ? preview.result : null;
  const work = current ? current.teamsToCreate.length + current.invitations.length : 0;

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setFileName(file.name);
    setCsv(await file.text());
    setResult(null);
  };

  const runPreview = () => {
    setResult(null);
    previewing.mutate(csv, {
      onSuccess: (data) => setPreview({ csv, result: data }),
      onError: (err) => toast.error(err.message),
    });
  };

  const runApply = () => {
    if (!current) return;
    setProgress({ done: 0, total: work });
    applying.mutate(
      { csv, fingerprint: current.fingerprint, onProgress: (done, total) => setProgress({ done, total }) },
      {
        onSuccess: (summary) => {
          setResult(summary);
          setPreview(null);
          toast.success(t('import.toast.imported', { teams: summary.teamsCreated, invitations: summary.invitationsSent }));
        },
        onError: (err) => toast.error(err.message),
        onSettled: () => setProgress(null),
      },
    );
  };

  return (
    <section aria-labelledby="import-heading" className="flex flex-col gap-5">
      <div>
        <h2 id="import-heading" className="text-xl font-bold text-primary-900">
          {t('import.heading')}
        </h2>
        <p className="mt-1 max-w-2xl text-slate-700">{t('import.intro', { max: IMPORT_MAX_ROWS })}</p>
        <a href={SAMPLE_HREF} download="teams-and-coaches.csv" className="mt-2 inline-flex min-h-11 items-center font-medium text-primary-700 underline">
          {t('import.sample')}
        </a>
      </div>

      <div className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <div>
          <label htmlFor={fileId} className="mb-1 block text-sm font-semibold text-slate-800">
            {t('import.file')}
          </label>
          <input
            id={fileId}
            type="file"
            accept=".csv,text/csv"
            className="block w-full text-sm text-slate-800 file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-4 file:font-semibold file:text-primary-800 hover:file:bg-primary-50"
            onChange={(event) => void onFile(event.target.files?.[0])}
          />
          {fileName ? <p className="mt-1 text-sm text-slate-600">{t('import.loaded', { file: fileName })}</p> : null}
        </div>
        <TextAreaField
          label={t('import.rows')}
          hint={t('import.rowsHint')}
          rows={6}
          spellCheck={false}
          className="[&_textarea]:font-mono"
          value={csv}
          onChange={(event) => {
            setCsv(event.target.value);
            setResult(null);
          }}
        />
        <div>
          <Button onClick={runPreview} busy={previewing.isPending} disabled={csv.trim() === '' || applying.isPending}>
            {t('import.preview')}
          </Button>
        </div>
      </div>

      {result ? (
        <Alert tone="success" title={t('import.done.title')}>
          <p>{t('import.done.body', { teams: result.teamsCreated, invitations: result.invitationsSent })}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={onDone}>
            {t('import.done.see')}
          </Button>
        </Alert>
      ) : null}

      {current ? <PreviewResult preview={current} /> : null}

      {current && current.fileErrors.length === 0 ? (
        <div className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          {progress ? (
            <ProgressBar label={t('import.progress')} value={progress.done} max={progress.total} valueText={t('import.progressValue', { done: progress.done, total: progress.total })} />
          ) : work === 0 ? (
            <p className="text-slate-700">{t('import.nothing')}</p>
          ) : null}
          <div>
            <Button onClick={runApply} busy={applying.isPending} disabled={work === 0}>
              {t('import.apply', { teams: current.teamsToCreate.length, invitations: current.invitations.length })}
            </Button>
          </div>
        </div>
      ) : null}
    </section>
  );
}

function PreviewResult({ preview }: { preview: ImportPreview }) {
  const { t } = useT('user-manager');
  const rowTag = { 0: <span className="text-slate-600" /> };
  if (preview.fileErrors.length > 0) {
    return (
      <Alert title={t('preview.cannotImport')}>
        <ul className="list-disc pl-5">
          {preview.fileErrors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      </Alert>
    );
  }
  return (
    <section aria-labelledby="preview-heading" className="flex flex-col gap-4">
      <h3 id="preview-heading" className="text-lg font-bold text-primary-900">
        {t('preview.heading', { count: preview.rowCount })}
      </h3>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Count label={t('preview.teamsToCreate')} value={preview.teamsToCreate.length} />
        <Count label={t('preview.coachesToInvite')} value={preview.invitations.length} />
        <Count label={t('preview.alreadyThere')} value={preview.teamsExisting.length + preview.alreadyDone.length} />
        <Count label={t('preview.rowsRefused')} value={preview.refused.length} tone={preview.refused.length > 0 ? 'danger' : undefined} />
      </dl>
      {preview.refused.length > 0 ? (
        <Group title={t('preview.rowsRefused')} tone="danger">
          {preview.refused.map((r) => (
            <li key={r.row}>
              <RichText ns="user-manager" k="preview.refusedRow" values={{ row: r.row, reason: r.reason }} components={{ 0: <span className="font-semibold" /> }} />
            </li>
          ))}
        </Group>
      ) : null}
      {preview.teamsToCreate.length > 0 ? (
        <Group title={t('preview.teamsToCreate')}>
          {preview.teamsToCreate.map((team) => (
            <li key={team.row}>
              <RichText
                ns="user-manager"
                k={team.division ? 'preview.teamWithDivision' : 'preview.team'}
                values={{ name: team.name, division: team.division, row: team.row }}
                components={rowTag}
              />
            </li>
          ))}
        </Group>
      ) : null}
      {preview.invitations.length > 0 ? (
        <Group title={t('preview.coachesToInvite')}>
          {preview.invitations.map((i) => (
            <li key={i.row} className="break-words">
              <RichText
                ns="user-manager"
                k={i.name ? 'preview.invitationNamed' : 'preview.invitation'}
                values={{ name: i.name, email: i.email, team: i.teamName, hasAccount: i.hasAccount ? 'yes' : 'no', row: i.row }}
                components={rowTag}
              />
            </li>
          ))}
        </Group>
      ) : null}
      {preview.teamsExisting.length + preview.alreadyDone.length > 0 ? (
        <Group title={t('preview.alreadyInLeague')}>
          {preview.teamsExisting.map((team) => (
            <li key={`team-${team.row}`}>{t('preview.teamExists', { name: team.name })}</li>
          ))}
          {preview.alreadyDone.map((d) => (
            <li key={`done-${d.row}`} className="break-words">
              <RichText ns="user-manager" k="preview.alreadyDone" values={{ email: d.email, reason: d.reason, row: d.row }} components={rowTag} />
            </li>
          ))}
        </Group>
      ) : null}
    </section>
  );
}

function Count({ label, value, tone }: { label: string; value: number; tone?: 'danger' | undefined }) {
  return (
    <div className={tone === 'danger' ? 'rounded-lg border border-danger-600 bg-danger-50 p-3' : 'rounded-lg border border-slate-200 bg-white p-3'}>
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="text-2xl font-bold text-primary-900">{value}</dd>
    </div>
  );
}

function Group({ title, tone, children }: { title: string; tone?: 'danger'; children: ReactNode }) {
  return (
    <div className={tone === 'danger' ? 'rounded-xl border border-danger-600 bg-danger-50 p-4' : 'rounded-xl border border-slate-200 bg-white p-4'}>
      <h4 className={tone === 'danger' ? 'font-semibold text-danger-800' : 'font-semibold text-primary-900'}>{title}</h4>
      <ul className="mt-2 flex flex-col gap-1 text-sm text-slate-800">{children}</ul>
    </div>
  );
}
