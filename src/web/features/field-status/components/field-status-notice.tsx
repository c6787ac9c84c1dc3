import { Suspense, useId } from 'react';
import type { FieldStatus } from '../../../../shared/rain-outs/rain-outs.schemas';
import { closurePlace, closureWhen } from '../../../../shared/rain-outs/closure-words';
import { cx } from '../../../lib/cx';
import { closureWhenWords } from '../../../lib/dates';
import { useT } from '../../../lib/i18n';
import { useFieldStatus } from '../api/get-field-status';

/**
 * Field status for everyone (issue 28): one line per weather closure in force now or in the next 7 days, "Riverside
 * Park: closed today 4–9 pm (Wet fields)". Nothing at all without closures, while loading or when it cannot be read:
 * the pages it sits on (the landing page, Book a Field, the calendar; given by the app, router.tsx) do without it,
 * and its words load only when there is a closure to show.
 */
export function FieldStatusNotice({ className }: { className?: string }) {
  const status = useFieldStatus();
  const closures = status.data?.closures ?? [];
  if (!status.data || closures.length === 0) return null;
  return (
    <Suspense fallback={null}>
      {/* "today" and "tomorrow" as of the answer (refetched on focus and by live events), not of each render. */}
      <Closures closures={closures} timeZone={status.data.timeZone} now={new Date(status.dataUpdatedAt)} className={className} />
    </Suspense>
  );
}

function Closures({ closures, timeZone, now, className }: { closures: FieldStatus['closures']; timeZone: string; now: Date; className: string | undefined }) {
  const { t } = useT('field-status');
  const headingId = useId();
  const sorted = [...closures].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
  return (
    <section aria-labelledby={headingId} className={cx('rounded-xl border-l-4 border-warning-500 bg-warning-50 px-4 py-3 text-warning-800', className)}>
      <h2 id={headingId} className="font-bold">
        {t('notice.title', { count: sorted.length })}
      </h2>
      <ul className="mt-1 flex flex-col gap-1 text-sm break-words sm:text-base">
        {sorted.map((c) => (
          <li key={c.id}>
            {t('notice.line', { place: closurePlace(c), when: closureWhen(new Date(c.startsAt), new Date(c.endsAt), timeZone, now, closureWhenWords(timeZone)), reason: c.reason })}
          </li>
        ))}
      </ul>
    </section>
  );
}
