import { useId, useState } from 'react';
import { Link } from 'react-router';
import { auditDiff, auditValueText, type AuditChange } from '../../../../shared/audit/audit-diff';
import type { AuditEntry } from '../../../../shared/audit/audit-log.schemas';
import { Button } from '../../../components/ui/button';
import { intlLocale, useT } from '../../../lib/i18n';
import { entityLink } from '../audit-log-links';
import { entityTypeLabel } from '../audit-words';

const KIND_KEY = { changed: 'change.changed', added: 'change.added', removed: 'change.removed' } as const satisfies Record<AuditChange['kind'], string>;
const KIND_CLASS: Record<AuditChange['kind'], string> = {
  changed: 'bg-accent-200 text-primary-900',
  added: 'bg-success-100 text-success-800',
  removed: 'bg-danger-100 text-danger-800',
};

/**
 * "Mar 3, 2027, 6:04:05 PM" in the league's zone and the active language ("3 mar 2027, 6:04:05 p.m."): an audit trail
 * needs the year and the seconds, which no helper of lib/dates writes.
 */
export function formatAuditTime(at: string, timeZone: string): string {
  return new Intl.DateTimeFormat(intlLocale(), {
    timeZone,
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
  }).format(new Date(at));
}

/** One audit entry: when, who, what, the thing it names (with a link where a page shows it), and its diff on demand. */
export function AuditEntryItem({ entry, timeZone }: { entry: AuditEntry; timeZone: string }) {
  const { t } = useT('audit-log');
  const [open, setOpen] = useState(false);
  const diffId = useId();
  const link = entityLink(entry, timeZone);
  const changes = open ? auditDiff(entry.before, entry.after) : [];
  const hasDocuments = entry.before != null || entry.after != null;

  return (
    <article className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" aria-label={t('entry.label', { action: entry.action, time: formatAuditTime(entry.at, timeZone) })}>
      <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
        <p className="font-semibold text-primary-900">
          <code className="rounded bg-slate-100 px-1.5 py-0.5 text-sm">{entry.action}</code>
        </p>
        <p className="text-sm text-slate-700">
          <time dateTime={entry.at}>{formatAuditTime(entry.at, timeZone)}</time>
        </p>
      </div>
      <p className="mt-2 break-words text-slate-900">{entry.summary}</p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600">{t('entry.by')}</dt>
        <dd className="min-w-0 break-all text-slate-900">{entry.actorEmail ?? t('entry.system')}</dd>
        <dt className="text-slate-600">{t('entry.entity')}</dt>
        <dd className="min-w-0 text-slate-900">
          <span>{entityTypeLabel(t, entry.entityType)}</span>
          {entry.entityId ? <span className="ml-1 break-all font-mono text-xs text-slate-700">{entry.entityId}</span> : null}
          {link ? (
            <>
              {' · '}
              <Link to={link.href} className="font-medium text-primary-700 underline underline-offset-2 hover:text-primary-900">
                {link.label}
              </Link>
            </>
          ) : null}
        </dd>
      </dl>
      {hasDocuments ? (
        <div className="mt-3">
          <Button variant="ghost" size="sm" aria-expanded={open} aria-controls={diffId} onClick={() => setOpen((v) => !v)}>
            {open ? t('entry.hideChanges') : t('entry.showChanges')}
          </Button>
          {open ? (
            <div id={diffId} className="mt-2">
              {changes.length === 0 ? (
                <p className="text-sm text-slate-700">{t('entry.noDifference')}</p>
              ) : (
                <ul className="flex flex-col gap-2" aria-label={t('entry.changes')}>
                  {changes.map((c) => (
                    <li key={c.path} className="rounded-lg border border-slate-200 p-2 text-sm">
                      <div className="flex flex-wrap items-center gap-2">
                        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${KIND_CLASS[c.kind]}`}>{t(KIND_KEY[c.kind])}</span>
                        <code className="break-all font-mono text-slate-900">{c.path}</code>
                      </div>
                      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 font-mono text-xs">
                        {c.kind !== 'added' ? (
                          <>
                            <dt className="font-sans text-slate-600">{t('entry.before')}</dt>
                            <dd className="min-w-0 break-all text-slate-900">{auditValueText(c.before)}</dd>
                          </>
                        ) : null}
                        {c.kind !== 'removed' ? (
                          <>
                            <dt className="font-sans text-slate-600">{t('entry.after')}</dt>
                            <dd className="min-w-0 break-all text-slate-900">{auditValueText(c.after)}</dd>
                          </>
                        ) : null}
                      </dl>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}
