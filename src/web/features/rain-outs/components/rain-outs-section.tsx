import { useState } from 'react';
import type { Closure } from '../../../../shared/rain-outs/rain-outs.schemas';
import { closurePlace, closureWhen } from '../../../../shared/rain-outs/closure-words';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { Skeleton } from '../../../components/ui/loading';
import { useFacilities } from '../../../lib/api/get-facilities';
import { useLeagueTimeZone } from '../../../lib/api/get-league';
import { closureWhenWords, formatDateTime } from '../../../lib/dates';
import { RichText, useT } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useRainOuts } from '../api/get-rain-outs';
import { useReopenRainOut } from '../api/reopen-rain-out';
import { closureCounts, reopenedMessage } from '../rain-out-words';
import { RainOutButton } from './rain-out-button';

/** Open ones first, the soonest first; then the rest, the latest first. */
function byOpenThenTime(now: number) {
  const open = (c: Closure) => c.reopenedAt === null && Date.parse(c.endsAt) > now;
  return (a: Closure, b: Closure) =>
    Number(open(b)) - Number(open(a)) || (open(a) ? a.startsAt.localeCompare(b.startsAt) : b.startsAt.localeCompare(a.startsAt));
}

/**
 * Rain-outs on /admin-block-slot: each facility with its Rain-out button, then the open rain-outs and those of the
 * last 30 days, with what each cancelled and restored, and Reopen (after a question) on the ones still closed.
 */
export function RainOutsSection() {
  const { t } = useT('rain-outs');
  const timeZone = useLeagueTimeZone();
  const facilities = useFacilities();
  const closures = useRainOuts();
  const reopen = useReopenRainOut();
  const [reopening, setReopening] = useState<Closure | null>(null);
  const now = new Date();
  const list = closures.data ? [...closures.data].sort(byOpenThenTime(now.getTime())) : [];
  const places = (facilities.data ?? []).filter((f) => f.active && f.fields.some((field) => field.active));

  const confirmReopen = () => {
    if (!reopening) return;
    const place = closurePlace(reopening);
    reopen.mutate(reopening.id, {
      onSuccess: (result) => toast.success(reopenedMessage(t, place, result)),
      onError: (err) => toast.error(err.message),
      onSettled: () => setReopening(null),
    });
  };

  return (
    <section aria-labelledby="rain-outs-title" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="rain-outs-title" className="text-xl font-bold text-primary-900">
        {t('section.title')}
      </h2>
      <p className="mt-1 text-slate-700">{t('section.intro')}</p>

      {facilities.isPending ? (
        <Skeleton className="mt-4 h-14 w-full" />
      ) : places.length > 0 ? (
        <ul aria-label={t('section.facilities')} className="mt-4 divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200">
          {places.map((facility) => {
            const fields = facility.fields.filter((field) => field.active).length;
            return (
              <li key={facility.id} className="flex items-center justify-between gap-3 px-4 py-2">
                <p className="min-w-0">
                  <span className="font-semibold break-words text-slate-900">{facility.name}</span>
                  <span className="text-sm text-slate-700"> · {t('section.fieldCount', { count: fields })}</span>
                </p>
                <RainOutButton facility={facility} />
              </li>
            );
          })}
        </ul>
      ) : null}

      <h3 className="mt-6 text-lg font-semibold text-primary-900">{t('section.recent')}</h3>
      <div className="mt-3">
        {closures.isPending ? (
          <div className="flex flex-col gap-2" aria-hidden="true">
            <Skeleton className="h-20 w-full" />
            <Skeleton className="h-20 w-full" />
          </div>
        ) : closures.isError ? (
          <LoadErrorAlert title={t('section.loadError')} message={closures.error.message} onRetry={() => closures.refetch()} />
        ) : list.length === 0 ? (
          <p className="rounded-lg border-2 border-dashed border-slate-300 px-4 py-6 text-center text-slate-700">
            {t('section.empty')}
          </p>
        ) : (
          <ul aria-label={t('section.recent')} className="divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200">
            {list.map((closure) => {
              const place = closurePlace(closure);
              const when = closureWhen(new Date(closure.startsAt), new Date(closure.endsAt), timeZone, now, closureWhenWords(timeZone));
              const ended = Date.parse(closure.endsAt) <= now.getTime();
              return (
                <li key={closure.id} className="grid gap-2 bg-white px-4 py-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center">
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-2">
                      <span className="font-semibold break-words text-slate-900">{place}</span>
                      {closure.reopenedAt !== null ? (
                        <Badge tone="success">{t('section.reopenedBadge')}</Badge>
                      ) : ended ? (
                        <Badge>{t('section.overBadge')}</Badge>
                      ) : (
                        <Badge tone="danger">{t('section.closedBadge')}</Badge>
                      )}
                    </p>
                    <p className="mt-0.5 text-slate-800">
                      {t('section.closedWhen', { when })} · {closure.reason}
                    </p>
                    <p className="mt-0.5 text-sm text-slate-700">
                      {closureCounts(t, closure)}
                      {closure.reopenedAt !== null ? ` · ${t('section.reopenedAt', { when: formatDateTime(closure.reopenedAt, timeZone) })}` : ''}
                    </p>
                  </div>
                  {closure.reopenedAt === null && !ended ? (
                    <div>
                      <Button variant="secondary" size="sm" onClick={() => setReopening(closure)}>
                        <RichText ns="rain-outs" k="section.reopen" values={{ place, when }} components={{ 0: <span className="sr-only" /> }} />
                      </Button>
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </div>

      <ConfirmModal
        open={reopening !== null}
        title={reopening ? t('section.reopenTitle', { place: closurePlace(reopening) }) : t('section.reopenTitleNone')}
        message={
          <p>
            {reopening
              ? t('section.reopenMessage', {
                  place: closurePlace(reopening),
                  when: closureWhen(new Date(reopening.startsAt), new Date(reopening.endsAt), timeZone, now, closureWhenWords(timeZone)),
                  reason: reopening.reason,
                })
              : t('section.reopenMessageNone')}
          </p>
        }
        confirmLabel={t('section.reopenConfirm')}
        busy={reopen.isPending}
        onConfirm={confirmReopen}
        onCancel={() => setReopening(null)}
      />
    </section>
  );
}
