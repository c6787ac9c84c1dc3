import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AUDIT_ACTIONS, AUDIT_EXPORT_MAX } from '../../../../shared/audit/audit-log.schemas';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { FoldedFiltersToggle } from '../../../components/ui/folded-filters-toggle';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { Skeleton } from '../../../components/ui/loading';
import { PageHeader } from '../../../components/ui/page-header';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useLeagueTimeZone } from '../../../lib/api/get-league';
import { formatNumber } from '../../../lib/count-words';
import { cx } from '../../../lib/cx';
import { formatDay } from '../../../lib/dates';
import { useT } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { auditLogCsvHref, hasAuditFilters, NO_AUDIT_FILTERS, parseAuditLogFilters, withAuditLogFilters, type AuditLogFilters } from '../audit-log-filters';
import { useAuditLog } from '../api/get-audit-log';
import { entityTypeOptions } from '../audit-words';
import { AuditEntryItem } from './audit-entry-item';

/** /admin-audit-log: every admin change, newest first, filtered (in the URL), paged, with each change's diff and a CSV. */
export function AuditLogPage() {
  const { t } = useT('audit-log');
  const timeZone = useLeagueTimeZone();
  const [params, setParams] = useSearchParams();
  const filters = parseAuditLogFilters(params);
  const log = useAuditLog(filters);

  const setFilters = (changes: Partial<AuditLogFilters>) => void setParams((current) => withAuditLogFilters(current, changes), { preventScrollReset: true });
  const clear = () => setFilters(NO_AUDIT_FILTERS);
  const entries = (log.data?.pages ?? []).flatMap((p) => p.entries);

  return (
    <section>
      <PageHeader
        title={t('page.title')}
        description={t('page.description')}
      />
      <div className="flex flex-col gap-5">
        <AuditFilterBar key={`${filters.q}|${filters.actor}|${filters.entityId}`} filters={filters} timeZone={timeZone} onChange={setFilters} />

        <section aria-labelledby="entries-heading" aria-busy={log.isFetching}>
          <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
            <h2 id="entries-heading" className="text-xl font-bold text-primary-900">
              {t('entries.heading')}
            </h2>
            <div className="flex flex-wrap items-center gap-3">
              <p role="status" className="text-sm text-slate-700">
                {log.isPending
                  ? t('entries.loading')
                  : t('entries.showing', {
                      count: entries.length,
                      more: log.hasNextPage ? 'yes' : 'no',
                      updating: log.isFetching && !log.isFetchingNextPage ? 'yes' : 'no',
                    })}
              </p>
              {hasAuditFilters(filters) ? (
                <Button variant="ghost" size="sm" onClick={clear}>
                  {t('entries.clearFilters')}
                </Button>
              ) : null}
              <a
                href={auditLogCsvHref(filters)}
                download
                className={buttonClasses('secondary', 'sm')}
                onClick={() => toast.success(t('csv.downloading'))}
              >
                {t('csv.export')}
              </a>
            </div>
          </div>
          <p className="mb-3 text-sm text-slate-700">
            {t('csv.note', { max: formatNumber(AUDIT_EXPORT_MAX) })}
          </p>

          {log.isPending ? (
            <div className="flex flex-col gap-2" aria-hidden="true">
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} className="h-32 w-full" />
              ))}
            </div>
          ) : log.isError ? (
            <LoadErrorAlert title={t('page.loadError')} message={log.error.message} onRetry={() => log.refetch()} />
          ) : entries.length === 0 ? (
            hasAuditFilters(filters) ? (
              <EmptyState
                title={t('empty.filteredTitle')}
                action={
                  <Button variant="secondary" onClick={clear}>
                    {t('entries.clearFilters')}
                  </Button>
                }
              >
                {t('empty.filteredBody')}
              </EmptyState>
            ) : (
              <EmptyState title={t('empty.title')}>{t('empty.body')}</EmptyState>
            )
          ) : (
            <>
              <ol className="flex flex-col gap-3" aria-label={t('entries.listLabel')}>
                {entries.map((entry) => (
                  <li key={entry.id}>
                    <AuditEntryItem entry={entry} timeZone={timeZone} />
                  </li>
                ))}
              </ol>
              {log.hasNextPage ? (
                <div className="mt-4 flex justify-center">
                  <Button variant="secondary" busy={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
                    {t('entries.loadMore')}
                  </Button>
                </div>
              ) : (
                <p className="mt-4 text-center text-sm text-slate-700">{t('entries.end')}</p>
              )}
            </>
          )}
        </section>
      </div>
    </section>
  );
}

function AuditFilterBar({
  filters,
  timeZone,
  onChange,
}: {
  filters: AuditLogFilters;
  timeZone: string;
  onChange: (changes: Partial<AuditLogFilters>) => void;
}) {
  const { t } = useT('audit-log');
  const [q, setQ] = useState(filters.q);
  const [actor, setActor] = useState(filters.actor);
  const [entityId, setEntityId] = useState(filters.entityId);
  // On a phone the six filters fold away under the search, so the entries start in the first screen.
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const chosen = [filters.actor, filters.action, filters.entityType, filters.from || filters.to].filter(Boolean).length;
  const summary =
    [
      filters.actor || null,
      filters.action || null,
      filters.entityType ? `${filters.entityType}${filters.entityId ? ` ${filters.entityId}` : ''}` : null,
      filters.from || filters.to ? t('filters.dateRange', { from: filters.from ? formatDay(filters.from) : '…', to: filters.to ? formatDay(filters.to) : '…' }) : null,
    ]
      .filter(Boolean)
      .join(' · ') || t('filters.everything');
  const actions: readonly string[] =
    filters.action && !(AUDIT_ACTIONS as readonly string[]).includes(filters.action) ? [filters.action, ...AUDIT_ACTIONS] : AUDIT_ACTIONS;
  const types = entityTypeOptions(t);
  if (filters.entityType && !types.some(([type]) => type === filters.entityType)) types.unshift([filters.entityType, filters.entityType]);

  return (
    <form
      role="search"
      aria-label={t('filters.label')}
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ q: q.trim(), actor: actor.trim(), entityId: filters.entityType ? entityId.trim() : '' });
      }}
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <TextField
          label={t('filters.search')}
          type="search"
          className="flex-1"
          placeholder={t('filters.searchPlaceholder')}
          maxLength={200}
          value={q}
          onChange={(event) => setQ(event.target.value)}
        />
        <Button type="submit">{t('filters.searchButton')}</Button>
      </div>
      <div className="md:hidden">
        <FoldedFiltersToggle summary={summary} chosen={chosen} open={open} onToggle={() => setOpen(!open)} panelId={panelId} />
      </div>
      <div id={panelId} className={cx('grid-cols-1 gap-3 sm:grid-cols-2 md:grid lg:grid-cols-3', open ? 'grid' : 'hidden')}>
        <TextField
          label={t('filters.actor')}
          hint={t('filters.actorHint')}
          type="text"
          autoComplete="off"
          maxLength={254}
          value={actor}
          onChange={(event) => setActor(event.target.value)}
        />
        <SelectField label={t('filters.action')} value={filters.action} onChange={(event) => onChange({ action: event.target.value })}>
          <option value="">{t('filters.everyAction')}</option>
          {actions.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('filters.entityType')}
          value={filters.entityType}
          onChange={(event) => onChange({ entityType: event.target.value, ...(event.target.value ? {} : { entityId: '' }) })}
        >
          <option value="">{t('filters.everyType')}</option>
          {types.map(([type, label]) => (
            <option key={type} value={type}>
              {label}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('filters.entityId')}
          hint={filters.entityType ? t('filters.entityIdHint') : t('filters.entityIdNeedsType')}
          type="text"
          autoComplete="off"
          maxLength={100}
          disabled={!filters.entityType}
          value={entityId}
          onChange={(event) => setEntityId(event.target.value)}
        />
        <TextField
          label={t('filters.from')}
          hint={t('filters.fromHint', { timeZone })}
          type="date"
          value={filters.from}
          max={filters.to || undefined}
          onChange={(event) => onChange({ from: event.target.value })}
        />
        <TextField
          label={t('filters.to')}
          hint={t('filters.toHint')}
          type="date"
          value={filters.to}
          min={filters.from || undefined}
          onChange={(event) => onChange({ to: event.target.value })}
        />
      </div>
    </form>
  );
}
