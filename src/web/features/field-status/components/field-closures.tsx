import { useId } from 'react';
import { closurePlace, closureWhen } from '../../../../shared/rain-outs/closure-words';
import type { FieldStatus } from '../../../../shared/rain-outs/rain-outs.schemas';
import { cx } from '../../../lib/cx';
import { closureWhenWords } from '../../../lib/dates';
import { useT } from '../../../lib/i18n';

/** The closures in force now or in the next 7 days, soonest first (field-status-notice.tsx loads this when there are any). */
export default function Closures({ closures, timeZone, now, className }: { closures: FieldStatus['closures']; timeZone: string; now: Date; className: string | undefined }) {
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
