import { useState } from 'react';
import { toast } from '../../../lib/toast';
import type { Season } from '../../../../shared/seasons/seasons.schemas';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { Skeleton } from '../../../components/ui/loading';
import { PageHeader } from '../../../components/ui/page-header';
import { useSeasons } from '../../../lib/api/get-seasons';
import { formatDay } from '../../../lib/dates';
import { RichText, useT } from '../../../lib/i18n';
import { useActivateSeason } from '../api/activate-season';
import { SeasonFormDialog } from './season-form-dialog';

type Editing = { season: Season | null; key: string } | null;

/** Newest season first; the active one is marked, not moved, so the list does not jump. */
const byStartDesc = (a: Season, b: Season) => b.startsOn.localeCompare(a.startsOn) || a.name.localeCompare(b.name);

export function SeasonManagerPage() {
  const { t } = useT('seasons');
  const seasons = useSeasons();
  const activate = useActivateSeason();
  const [editing, setEditing] = useState<Editing>(null);
  const [activating, setActivating] = useState<Season | null>(null);
  const [newCount, setNewCount] = useState(0);

  const startCreate = () => {
    setNewCount((n) => n + 1);
    setEditing({ season: null, key: `new-${newCount + 1}` });
  };

  const confirmActivate = () => {
    if (!activating) return;
    const season = activating;
    activate.mutate(season.id, {
      onSuccess: (saved) => {
        toast.success(t('activated', { season: saved.name }));
        setActivating(null);
      },
      onError: (err) => {
        toast.error(err.message);
        setActivating(null);
      },
    });
  };

  const list = seasons.data ? [...seasons.data].sort(byStartDesc) : [];

  return (
    <section>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          list.length > 0 ? (
            <Button onClick={startCreate}>{t('new')}</Button>
          ) : null
        }
      />

      {seasons.isPending ? (
        <SeasonsSkeleton />
      ) : seasons.isError ? (
        <LoadErrorAlert title={t('loadFailed')} message={seasons.error.message} onRetry={() => seasons.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState title={t('empty.title')} action={<Button onClick={startCreate}>{t('empty.action')}</Button>}>
          {t('empty.body')}
        </EmptyState>
      ) : (
        <>
          {/* Desktop: a table. */}
          <div className="hidden overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm md:block">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t('table.caption')}</caption>
              <thead className="bg-slate-100 text-slate-700">
                <tr>
                  <th scope="col" className="px-4 py-3 font-semibold">{t('table.name')}</th>
                  <th scope="col" className="px-4 py-3 font-semibold">{t('table.starts')}</th>
                  <th scope="col" className="px-4 py-3 font-semibold">{t('table.ends')}</th>
                  <th scope="col" className="px-4 py-3 font-semibold">{t('table.status')}</th>
                  <th scope="col" className="px-4 py-3 text-right font-semibold">
                    <span className="sr-only">{t('table.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {list.map((season) => (
                  <tr key={season.id} className={season.active ? 'bg-success-50/60' : undefined}>
                    <th scope="row" className="px-4 py-3 font-semibold text-slate-900">{season.name}</th>
                    <td className="px-4 py-3 text-slate-800">{formatDay(season.startsOn)}</td>
                    <td className="px-4 py-3 text-slate-800">{formatDay(season.endsOn)}</td>
                    <td className="px-4 py-3">{season.active ? <Badge tone="success">{t('active')}</Badge> : <span className="text-slate-600">{t('notActive')}</span>}</td>
                    <td className="px-4 py-2">
                      <SeasonActions season={season} onEdit={() => setEditing({ season, key: season.id })} onActivate={() => setActivating(season)} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>

          {/* Phones: cards. */}
          <ul className="flex flex-col gap-3 md:hidden">
            {list.map((season) => (
              <li key={season.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                <div className="flex items-start justify-between gap-3">
                  <h2 className="text-base font-semibold text-slate-900">{season.name}</h2>
                  {season.active ? <Badge tone="success">{t('active')}</Badge> : null}
                </div>
                <p className="mt-1 text-sm text-slate-700">
                  {t('range', { from: formatDay(season.startsOn), to: formatDay(season.endsOn) })}
                </p>
                <div className="mt-3">
                  <SeasonActions season={season} onEdit={() => setEditing({ season, key: season.id })} onActivate={() => setActivating(season)} />
                </div>
              </li>
            ))}
          </ul>
        </>
      )}

      {editing ? (
        <SeasonFormDialog key={editing.key} open season={editing.season} onClose={() => setEditing(null)} />
      ) : null}

      <ConfirmModal
        open={activating !== null}
        title={t('confirm.title')}
        message={
          activating ? (
            <p>{t('confirm.message', { season: activating.name })}</p>
          ) : null
        }
        confirmLabel={t('confirm.action')}
        busy={activate.isPending}
        onConfirm={confirmActivate}
        onCancel={() => setActivating(null)}
      />
    </section>
  );
}

function SeasonActions({ season, onEdit, onActivate }: { season: Season; onEdit: () => void; onActivate: () => void }) {
  return (
    <div className="flex flex-wrap gap-2 md:justify-end">
      <Button variant="secondary" size="sm" onClick={onEdit}>
        <RichText ns="seasons" k="edit" values={{ season: season.name }} components={{ 0: <span className="sr-only" /> }} />
      </Button>
      {season.active ? null : (
        <Button variant="ghost" size="sm" onClick={onActivate} className="border border-primary-200">
          <RichText ns="seasons" k="makeActive" values={{ season: season.name }} components={{ 0: <span className="sr-only" /> }} />
        </Button>
      )}
    </div>
  );
}

function SeasonsSkeleton() {
  return (
    <div className="flex flex-col gap-3" aria-hidden="true">
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex items-center gap-4 rounded-xl border border-slate-200 bg-white p-4">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-5 w-28" />
          <Skeleton className="ml-auto h-9 w-24" />
        </div>
      ))}
    </div>
  );
}
