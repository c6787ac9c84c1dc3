import { lazy, Suspense } from 'react';
import { useFieldStatus } from '../api/get-field-status';

/** The list and its words: a chunk of its own, loaded only when there is a closure (most days there is none). */
const Closures = lazy(() => import('./field-closures'));

/**
 * Field status for everyone (issue 28): one line per weather closure in force now or in the next 7 days, "Riverside
 * Park: closed today 4–9 pm (Wet fields)". Nothing at all without closures, while loading or when it cannot be read:
 * the pages it sits on (the landing page, Book a Field, the calendar; given by the app, router.tsx) do without it,
 * and its words and code load only when there is a closure to show.
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
