import { useId } from 'react';
import { closureLine } from '../../../../shared/rain-outs/closure-words';
import { cx } from '../../../lib/cx';
import { useFieldStatus } from '../api/get-field-status';

/**
 * Field status for everyone (issue 28): one line per weather closure in force now or in the next 7 days, "Riverside
 * Park: closed today 4–9 pm (Wet fields)". Nothing at all without closures, while loading or when it cannot be read:
 * the pages it sits on (the landing page, Book a Field, the calendar; given by the app, router.tsx) do without it.
 */
export function FieldStatusNotice({ className }: { className?: string }) {
  const headingId = useId();
  const status = useFieldStatus();
  const closures = status.data?.closures ?? [];
  if (!status.data || closures.length === 0) return null;
  // "today" and "tomorrow" as of the answer (refetched on focus and by live events), not of each render.
  const now = new Date(status.dataUpdatedAt);
  const { timeZone } = status.data;
  const sorted = [...closures].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
  return (
    <section aria-labelledby={headingId} className={cx('rounded-xl border-l-4 border-warning-500 bg-warning-50 px-4 py-3 text-warning-800', className)}>
      <h2 id={headingId} className="font-bold">
        {sorted.length === 1 ? 'Field closure' : 'Field closures'}
      </h2>
      <ul className="mt-1 flex flex-col gap-1 text-sm break-words sm:text-base">
        {sorted.map((c) => (
          <li key={c.id}>{closureLine(c, timeZone, now)}</li>
        ))}
      </ul>
    </section>
  );
}
