import { dateInZone } from '../../lib/dates';
import type { ViewedSlot } from './slot-availability';

/** One field's slots in a week, by league day. */
export interface FieldRow {
  fieldId: string;
  fieldName: string;
  fieldColor: string;
  facilityName: string;
  byDay: Map<string, ViewedSlot[]>;
  /**
   * Why the team may not use this field, said once for the field (issue 29): the words of its first slot refused as
   * FIELD_DIVISION (they name the field and the team, so every such slot of the field has the same); null otherwise.
   */
  note: string | null;
}

export interface FacilityGroup {
  facilityId: string;
  facilityName: string;
  fields: FieldRow[];
}

const byName = (a: string, b: string) => a.localeCompare(b, undefined, { numeric: true });

/** Position in the league's own order (the facilities list), unknown ones last, then by name. */
const ordered = (order: readonly string[]) => (a: { id: string; name: string }, b: { id: string; name: string }) => {
  const ia = order.indexOf(a.id);
  const ib = order.indexOf(b.id);
  return (ia < 0 ? Infinity : ia) - (ib < 0 ? Infinity : ib) || byName(a.name, b.name);
};

/**
 * The week as Book a Field draws it: facilities, each with the fields that have slots this week, each with
 * its slots per league day in time order. `order` lists facility and field ids in the league's order.
 */
export function slotBoard(slots: readonly ViewedSlot[], timeZone: string, order: readonly string[] = []): FacilityGroup[] {
  const facilities = new Map<string, FacilityGroup>();
  const sorted = [...slots].sort((a, b) => Date.parse(a.slot.startsAt) - Date.parse(b.slot.startsAt));
  for (const viewed of sorted) {
    const { slot } = viewed;
    let facility = facilities.get(slot.facilityId);
    if (!facility) {
      facility = { facilityId: slot.facilityId, facilityName: slot.facilityName, fields: [] };
      facilities.set(slot.facilityId, facility);
    }
    let field = facility.fields.find((f) => f.fieldId === slot.fieldId);
    if (!field) {
      field = { fieldId: slot.fieldId, fieldName: slot.fieldName, fieldColor: slot.fieldColor, facilityName: slot.facilityName, byDay: new Map(), note: null };
      facility.fields.push(field);
    }
    if (!field.note && viewed.view.kind === 'unavailable' && viewed.view.code === 'FIELD_DIVISION') field.note = viewed.view.message;
    const day = dateInZone(slot.startsAt, timeZone);
    field.byDay.set(day, [...(field.byDay.get(day) ?? []), viewed]);
  }
  const groups = [...facilities.values()].sort((a, b) => ordered(order)({ id: a.facilityId, name: a.facilityName }, { id: b.facilityId, name: b.facilityName }));
  for (const group of groups) group.fields.sort((a, b) => ordered(order)({ id: a.fieldId, name: a.fieldName }, { id: b.fieldId, name: b.fieldName }));
  return groups;
}
