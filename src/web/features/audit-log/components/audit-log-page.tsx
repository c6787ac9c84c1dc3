import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES, AUDIT_EXPORT_MAX } from '../../../../shared/audit/audit-log.schemas';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { FoldedFiltersToggle } from '../../../components/ui/folded-filters-toggle';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { Skeleton } from '../../../components/ui/loading';
import { PageHeader } from '../../../components/ui/page-header';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useLeagueTimeZone } from '../../../lib/api/get-league';
import { countOf, formatNumber } from '../../../lib/count-words';
import { cx } from '../../../lib/cx';
import { toast } from '../../../lib/toast';
import { auditLogCsvHref, hasAuditFilters, NO_AUDIT_FILTERS, parseAuditLogFilters, withAuditLogFilters, type AuditLogFilters } from '../audit-log-filters';
import { useAuditLog } from '../api/get-audit-log';
import { AuditEntryItem } from './audit-entry-item';

/** /admin-audit-log: every admin change, newest first, filtered (in the URL), paged, with each change's diff and a CSV. */
export function AuditLogPage() {
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
        title="Audit log"
        description="Every change an admin or the system made, newest first: who, what, when, and what changed. Filters stay in the link, so a search can be shared."
      />
      <div className="flex flex-col gap-5">
        <AuditFilterBar key={`${filters.q}|${filters.actor}|${filters.entityId}`} filters={filters} timeZone={timeZone} onChange={setFilters} />

        <section aria-labelledby="entries-heading" aria-busy={log.isFetching}>
          <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
            <h2 id="entries-heading" className="text-xl font-bold text-primary-900">
              Entries
            </h2>
            <div className="flex flex-wrap items-center gap-3">
              <p role="status" className="text-sm text-slate-700">
                {log.isPending
                  ? 'Loading…'
                  : `Showing ${countOf(entries.length, 'entry', 'entries')}${log.hasNextPage ? ' · more below' : ''}${log.isFetching && !log.isFetchingNextPage ? ' · updating…' : ''}`}
              </p>
              {hasAuditFilters(filters) ? (
                <Button variant="ghost" size="sm" onClick={clear}>
                  Clear filters
                </Button>
              ) : null}
              <a
                href={auditLogCsvHref(filters)}
                download
                className={buttonClasses('secondary', 'sm')}
                onClick={() => toast.success('Your CSV of these entries is downloading.')}
              >
                Export CSV
              </a>
            </div>
          </div>
          <p className="mb-3 text-sm text-slate-700">
            The CSV holds the entries these filters match, newest first, up to {formatNumber(AUDIT_EXPORT_MAX)}. Narrow the dates for older ones.
          </p>

          {log.isPending ? (
            <div className="flex flex-col gap-2" aria-hidden="true">
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} className="h-32 w-full" />
              ))}
            </div>
          ) : log.isError ? (
            <LoadErrorAlert title="The audit log could not be loaded" message={log.error.message} onRetry={() => log.refetch()} />
          ) : entries.length === 0 ? (
            hasAuditFilters(filters) ? (
              <EmptyState
                title="No audit entries match these filters"
                action={
                  <Button variant="secondary" onClick={clear}>
                    Clear filters
                  </Button>
                }
              >
                Widen the dates, check the actor's email, try other search words, or clear the filters to see every entry.
              </EmptyState>
            ) : (
              <EmptyState title="No audit entries yet">Entries appear here as admins change seasons, slots, bookings, people and settings.</EmptyState>
            )
          ) : (
            <>
              <ol className="flex flex-col gap-3" aria-label="Audit entries, newest first">
                {entries.map((entry) => (
                  <li key={entry.id}>
                    <AuditEntryItem entry={entry} timeZone={timeZone} />
                  </li>
                ))}
              </ol>
              {log.hasNextPage ? (
                <div className="mt-4 flex justify-center">
                  <Button variant="secondary" busy={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
                    Load more entries
                  </Button>
                </div>
              ) : (
                <p className="mt-4 text-center text-sm text-slate-700">That is every entry these filters match.</p>
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
      filters.from || filters.to ? `${filters.from || '…'} to ${filters.to || '…'}` : null,
    ]
      .filter(Boolean)
      .join(' · ') || 'Every actor, action, entity and day';
  const actions: readonly string[] =
    filters.action && !(AUDIT_ACTIONS as readonly string[]).includes(filters.action) ? [filters.action, ...AUDIT_ACTIONS] : AUDIT_ACTIONS;
  const types = Object.entries(AUDIT_ENTITY_TYPES) as Array<[string, string]>;
  if (filters.entityType && !types.some(([t]) => t === filters.entityType)) types.unshift([filters.entityType, filters.entityType]);

  return (
    <form
      role="search"
      aria-label="Filter the audit log"
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ q: q.trim(), actor: actor.trim(), entityId: filters.entityType ? entityId.trim() : '' });
      }}
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <TextField
          label="Search summaries"
          type="search"
          className="flex-1"
          placeholder='Words, "a phrase", -leave-out'
          maxLength={200}
          value={q}
          onChange={(event) => setQ(event.target.value)}
        />
        <Button type="submit">Search</Button>
      </div>
      <div className="md:hidden">
        <FoldedFiltersToggle summary={summary} chosen={chosen} open={open} onToggle={() => setOpen(!open)} panelId={panelId} />
      </div>
      <div id={panelId} className={cx('grid-cols-1 gap-3 sm:grid-cols-2 md:grid lg:grid-cols-3', open ? 'grid' : 'hidden')}>
        <TextField
          label="Actor"
          hint='An email, or "system"; press Search to apply'
          type="text"
          autoComplete="off"
          maxLength={254}
          value={actor}
          onChange={(event) => setActor(event.target.value)}
        />
        <SelectField label="Action" value={filters.action} onChange={(event) => onChange({ action: event.target.value })}>
          <option value="">Every action</option>
          {actions.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Entity type"
          value={filters.entityType}
          onChange={(event) => onChange({ entityType: event.target.value, ...(event.target.value ? {} : { entityId: '' }) })}
        >
          <option value="">Every type</option>
          {types.map(([type, label]) => (
            <option key={type} value={type}>
              {label}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Entity id"
          hint={filters.entityType ? 'Optional; press Search to apply' : 'Choose an entity type first'}
          type="text"
          autoComplete="off"
          maxLength={100}
          disabled={!filters.entityType}
          value={entityId}
          onChange={(event) => setEntityId(event.target.value)}
        />
        <TextField
          label="From"
          hint={`League days (${timeZone})`}
          type="date"
          value={filters.from}
          max={filters.to || undefined}
          onChange={(event) => onChange({ from: event.target.value })}
        />
        <TextField
          label="To"
          hint="Included"
          type="date"
          value={filters.to}
          min={filters.from || undefined}
          onChange={(event) => onChange({ to: event.target.value })}
        />
      </div>
    </form>
  );
}
