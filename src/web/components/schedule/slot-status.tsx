import type { Slot } from '../../../shared/slots/slots.schemas';
import { useT } from '../../lib/i18n';
import { Badge } from '../ui/badge';

/** The status in words, never only as a colour. */
export function SlotStatus({ slot }: { slot: Pick<Slot, 'status' | 'blockReason' | 'teamName'> }) {
  const { t } = useT('common');
  if (slot.status === 'blocked') {
    return (
      <span className="inline-flex flex-wrap items-center gap-x-2 text-danger-800">
        <Badge tone="danger">{t('slotStatus.blocked')}</Badge>
        <span className="break-words">{slot.blockReason ?? t('slotStatus.noReason')}</span>
      </span>
    );
  }
  if (slot.status === 'booked') {
    return (
      <span className="inline-flex flex-wrap items-center gap-x-2 text-slate-900">
        <Badge tone="accent">{t('slotStatus.booked')}</Badge>
        <span className="break-words">{slot.teamName ?? t('slotStatus.aTeam')}</span>
      </span>
    );
  }
  return <Badge tone="success">{t('slotStatus.open')}</Badge>;
}
