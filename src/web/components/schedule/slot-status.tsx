import type { Slot } from '../../../shared/slots/slots.schemas';
import { Badge } from '../ui/badge';

/** The status in words, never only as a colour. */
export function SlotStatus({ slot }: { slot: Pick<Slot, 'status' | 'blockReason' | 'teamName'> }) {
  if (slot.status === 'blocked') {
    return (
      <span className="inline-flex flex-wrap items-center gap-x-2 text-danger-800">
        <Badge tone="danger">Blocked</Badge>
        <span className="break-words">{slot.blockReason ?? 'No reason given'}</span>
      </span>
    );
  }
  if (slot.status === 'booked') {
    return (
      <span className="inline-flex flex-wrap items-center gap-x-2 text-slate-900">
        <Badge tone="accent">Booked</Badge>
        <span className="break-words">{slot.teamName ?? 'a team'}</span>
      </span>
    );
  }
  return <Badge tone="success">Open</Badge>;
}
