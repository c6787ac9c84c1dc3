import type { AuditEntry } from '../../../shared/audit/audit-log.schemas';

export interface EntityLink {
  href: string;
  label: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A team id the entry's own documents name (bookings record theirs), or null. */
function teamIdOf(entry: AuditEntry): string | null {
  for (const doc of [entry.after, entry.before]) {
    if (isRecord(doc) && typeof doc.teamId === 'string' && UUID.test(doc.teamId)) return doc.teamId;
  }
  return null;
}

/**
 * Where an admin page can show what an entry names, with the URL parameters those pages read today: a person in the
 * user manager (searched by their email), a booking among its team's bookings on Manage bookings (that page has no
 * parameter for one booking), a slot on the Slots page (which has no parameter for a slot or a week). Null when no
 * page shows the thing.
 */
export function entityLink(entry: AuditEntry): EntityLink | null {
  if (!entry.entityId) return null;
  switch (entry.entityType) {
    case 'user':
      return entry.entityLabel
        ? { href: `/admin-user-manager?${new URLSearchParams({ q: entry.entityLabel }).toString()}`, label: 'Open in User manager' }
        : null;
    case 'booking': {
      const teamId = teamIdOf(entry);
      return {
        href: teamId ? `/admin-manage-bookings?${new URLSearchParams({ team: teamId }).toString()}` : '/admin-manage-bookings',
        label: 'Open in Manage bookings',
      };
    }
    case 'slot':
      return { href: '/admin-slots', label: 'Open Slots' };
    default:
      return null;
  }
}
