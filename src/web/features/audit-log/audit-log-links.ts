import type { AuditEntry } from '../../../shared/audit/audit-log.schemas';
import { dateInZone } from '../../lib/dates';
import { translate } from '../../lib/i18n';

export interface EntityLink {
  href: string;
  label: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Where a slot entry's documents (a whole slot: after, or before for a deletion) put it: its field and start. */
function slotPlaceOf(entry: AuditEntry): { fieldId: string; startsAt: string } | null {
  for (const doc of [entry.after, entry.before]) {
    if (
      isRecord(doc) &&
      typeof doc.fieldId === 'string' &&
      UUID.test(doc.fieldId) &&
      typeof doc.startsAt === 'string' &&
      !Number.isNaN(Date.parse(doc.startsAt))
    ) {
      return { fieldId: doc.fieldId, startsAt: doc.startsAt };
    }
  }
  return null;
}

/**
 * Where an admin page shows exactly what an entry names, with the URL parameters those pages read: a person in the
 * user manager (searched by their email), one booking on Manage bookings (`?booking=`), a slot on the Slots page:
 * its week and day (league time) and field, with the slot itself outlined (`?slot=`). Null when no page shows the
 * thing. The label is in the active language: the page that calls this has loaded the 'audit-log' words.
 */
export function entityLink(entry: AuditEntry, timeZone: string): EntityLink | null {
  if (!entry.entityId) return null;
  switch (entry.entityType) {
    case 'user':
      return entry.entityLabel
        ? { href: `/admin-user-manager?${new URLSearchParams({ q: entry.entityLabel }).toString()}`, label: translate('audit-log', 'link.userManager') }
        : null;
    case 'booking':
      return UUID.test(entry.entityId)
        ? { href: `/admin-manage-bookings?${new URLSearchParams({ booking: entry.entityId }).toString()}`, label: translate('audit-log', 'link.manageBookings') }
        : { href: '/admin-manage-bookings', label: translate('audit-log', 'link.manageBookings') };
    case 'slot': {
      const place = slotPlaceOf(entry);
      if (!place) return { href: '/admin-slots', label: translate('audit-log', 'link.slots') };
      const day = dateInZone(place.startsAt, timeZone);
      return { href: `/admin-slots?${new URLSearchParams({ week: day, day, field: place.fieldId, slot: entry.entityId }).toString()}`, label: translate('audit-log', 'link.slotInSlots') };
    }
    case 'opening_round':
      return UUID.test(entry.entityId) ? { href: `/opening/${entry.entityId}`, label: translate('audit-log', 'link.draw') } : null;
    default:
      return null;
  }
}
