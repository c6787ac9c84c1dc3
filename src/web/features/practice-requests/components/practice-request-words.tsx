import type { PracticeRequest, PracticeRequestStatus } from '../../../../shared/practice-requests/practice-requests.schemas';
import { Badge } from '../../../components/ui/badge';
import { approvedPracticeCancelledAt } from '../../../../shared/practice-requests/practice-request-rules';
import { formatClock, formatDay, formatWeekdayDayAt } from '../../../lib/dates';
import { useT, type Translate } from '../../../lib/i18n';

type Words = Translate<'practice-requests'>;

const TONE: Record<PracticeRequestStatus, 'success' | 'neutral' | 'accent' | 'danger'> = {
  pending: 'accent',
  approved: 'success',
  declined: 'danger',
  withdrawn: 'neutral',
};

/** "Pending", "Approved", … */
export function statusLabel(t: Words, status: PracticeRequestStatus): string {
  switch (status) {
    case 'pending':
      return t('status.pending');
    case 'approved':
      return t('status.approved');
    case 'declined':
      return t('status.declined');
    case 'withdrawn':
      return t('status.withdrawn');
  }
}

export function StatusBadge({ status }: { status: PracticeRequestStatus }) {
  const { t } = useT('practice-requests');
  return <Badge tone={TONE[status]}>{statusLabel(t, status)}</Badge>;
}

/** "90 min" or "2 h" or "1 h 30 min". */
export function durationText(t: Words, minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return t('duration.minutes', { minutes: rest });
  return rest === 0 ? t('duration.hours', { hours }) : t('duration.hoursMinutes', { hours, minutes: rest });
}

/** "Mon, Mar 2 · Tue, Mar 3" in the coach's order of preference. */
export const datesText = (r: Pick<PracticeRequest, 'preferredDates'>) => r.preferredDates.map(formatDay).join(' · ');

/** "5:00 pm – 8:00 pm, 90 min" */
export const windowText = (t: Words, r: Pick<PracticeRequest, 'windowStart' | 'windowEnd' | 'durationMinutes'>) =>
  t('window.text', { from: formatClock(r.windowStart), to: formatClock(r.windowEnd), duration: durationText(t, r.durationMinutes) });

/** "Field 2 at Hilltop Park", "Hilltop Park (any field)" or "Any field". */
export function placeText(t: Words, r: Pick<PracticeRequest, 'facilityName' | 'fieldName'>): string {
  if (r.fieldName) return r.facilityName ? t('place.fieldAtFacility', { field: r.fieldName, facility: r.facilityName }) : r.fieldName;
  return r.facilityName ? t('place.anyFieldAt', { facility: r.facilityName }) : t('place.anyField');
}

/**
 * The league day an approved request's practice was cancelled on ("Tue Dec 8"), in the active language; null while
 * the practice stands (or the request was never approved).
 */
export function cancelledDay(
  r: { status: string; booking: { status: string; cancelledAt: string | null } | null },
  timeZone: string,
): string | null {
  const at = approvedPracticeCancelledAt(r);
  return at ? formatWeekdayDayAt(at, timeZone) : null;
}
