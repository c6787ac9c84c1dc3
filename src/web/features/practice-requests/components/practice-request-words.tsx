import type { PracticeRequest, PracticeRequestStatus } from '../../../../shared/practice-requests/practice-requests.schemas';
import { Badge } from '../../../components/ui/badge';
import { formatClock, formatDay } from '../../../lib/dates';

const STATUS: Record<PracticeRequestStatus, { label: string; tone: 'success' | 'neutral' | 'accent' | 'danger' }> = {
  pending: { label: 'Pending', tone: 'accent' },
  approved: { label: 'Approved', tone: 'success' },
  declined: { label: 'Declined', tone: 'danger' },
  withdrawn: { label: 'Withdrawn', tone: 'neutral' },
};

export function StatusBadge({ status }: { status: PracticeRequestStatus }) {
  return <Badge tone={STATUS[status].tone}>{STATUS[status].label}</Badge>;
}

/** "90 min" or "2 h" or "1 h 30 min". */
export function durationText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** "Mon, Mar 2 · Tue, Mar 3" in the coach's order of preference. */
export const datesText = (r: Pick<PracticeRequest, 'preferredDates'>) => r.preferredDates.map(formatDay).join(' · ');

/** "5:00 pm – 8:00 pm, 90 min" */
export const windowText = (r: Pick<PracticeRequest, 'windowStart' | 'windowEnd' | 'durationMinutes'>) =>
  `${formatClock(r.windowStart)} – ${formatClock(r.windowEnd)}, ${durationText(r.durationMinutes)}`;

/** "Field 2 at Hilltop Park", "Hilltop Park (any field)" or "Any field". */
export const placeText = (r: Pick<PracticeRequest, 'facilityName' | 'fieldName'>) =>
  r.fieldName ? `${r.fieldName}${r.facilityName ? ` at ${r.facilityName}` : ''}` : r.facilityName ? `${r.facilityName} (any field)` : 'Any field';
