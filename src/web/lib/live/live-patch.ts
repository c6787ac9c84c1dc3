import type { Slot } from '../../../shared/slots/slots.schemas';
import type { SlotQuery } from '../api/get-slots';

export type PatchResult = { kind: 'patched'; slots: Slot[] } | { kind: 'unchanged' } | { kind: 'refetch' };

const DAY_MS = 86_400_000;

/**
 * Could this slot belong in that week list? Filters must match, and its start must fall near the list's days:
 * `from`/`to` are league-zone dates and the zone is within a day of UTC, so a day of slack either side is safe.
 */
function couldBelong(query: SlotQuery, slot: Slot): boolean {
  if (query.seasonId && query.seasonId !== slot.seasonId) return false;
  if (query.facilityId && query.facilityId !== slot.facilityId) return false;
  if (query.fieldId && query.fieldId !== slot.fieldId) return false;
  const at = Date.parse(slot.startsAt);
  return at >= Date.parse(query.from) - DAY_MS && at < Date.parse(query.to) + 2 * DAY_MS;
}

/**
 * Brings one cached week list up to date with the slots a live event named (`asked`), as the server now shows
 * them (`fresh`; a slot missing there was deleted or its field closed). Status, team and notes changes are
 * patched in place; anything that could change which slots the list holds (a new slot, a new time) asks for a
 * real reload, so a patched list is never different from what the server would answer.
 */
export function patchSlotList(query: SlotQuery, cached: Slot[], asked: readonly string[], fresh: readonly Slot[]): PatchResult {
  const askedIds = new Set(asked);
  const freshById = new Map(fresh.map((s) => [s.id, s]));
  let changed = false;
  const next: Slot[] = [];
  for (const slot of cached) {
    if (!askedIds.has(slot.id)) {
      next.push(slot);
      continue;
    }
    const now = freshById.get(slot.id);
    changed = true;
    if (!now) continue;
    if (now.startsAt !== slot.startsAt || now.endsAt !== slot.endsAt) return { kind: 'refetch' };
    next.push(now);
  }
  const cachedIds = new Set(cached.map((s) => s.id));
  if (fresh.some((s) => !cachedIds.has(s.id) && couldBelong(query, s))) return { kind: 'refetch' };
  return changed ? { kind: 'patched', slots: next } : { kind: 'unchanged' };
}
