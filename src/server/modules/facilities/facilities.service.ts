import type { Database } from '../../db/client';
import { onUniqueViolation } from '../../db/unique-violation';
import { AppError, type ErrorWords } from '../../errors';
import type { Facility, Field } from '../../../shared/facilities/facilities.schemas';
import { recordAudit, type AuditContext } from '../audit/audit.service';
import { findDivision } from '../divisions/divisions.service';
import { commitThenPublish } from '../live/live.service';
import type { ServerContext } from '../../context';
import * as repo from './facilities.repository';

function uniqueName<T>(words: ErrorWords, work: () => Promise<T>): Promise<T> {
  return onUniqueViolation(work, () => new AppError('CONFLICT', words, { fields: { name: 'This name is already taken' } }));
}

/**
 * Deactivating closes a field (or every field of a facility) to booking. Teams holding upcoming practices there
 * must hear about it, so it waits until those bookings are cancelled or moved (a block does both and notifies).
 * Runs after the row update inside the transaction: a booking racing it waits on the field's share lock.
 */
async function refuseWhileBooked(db: Database, where: { fieldId: string } | { facilityId: string }, name: string): Promise<void> {
  const upcoming = await repo.upcomingBookingCount(db, where, new Date());
  if (upcoming === 0) return;
  throw new AppError('CONFLICT', { key: 'fieldId' in where ? 'facilities.fieldHasBookings' : 'facilities.facilityHasBookings', params: { name, upcoming } }, { upcomingBookings: upcoming });
}

const facilityGone = () => new AppError('NOT_FOUND', { key: 'facilities.facilityGone' });
const fieldGone = () => new AppError('NOT_FOUND', { key: 'facilities.fieldGone' });

export function createFacility(db: Database, ctx: AuditContext, values: repo.FacilityValues): Promise<Facility> {
  return uniqueName({ key: 'facilities.facilityNameTaken', params: { name: values.name } }, () =>
    db.transaction(async (tx) => {
      const facility = await repo.insertFacility(tx, values);
      await recordAudit(tx, ctx, { action: 'facility.create', entityType: 'facility', entityId: facility.id, summary: `Created facility "${facility.name}"`, after: facility });
      return { ...facility, fields: [] };
    }),
  );
}

export const listFacilities = (db: Database, includeInactive: boolean) => repo.listFacilities(db, includeInactive);
export const findFacility = (db: Database, id: string) => repo.findFacility(db, id);
export const findField = (db: Database, id: string) => repo.findField(db, id);
export const findFields = (db: Database, ids: string[]) => repo.findFields(db, ids);
export const fieldsOf = (db: Database, facilityId: string) => repo.fieldsOf(db, facilityId);

/**
 * Edits a facility; `active: false` deactivates it (nothing bookings reference is ever deleted). A rename, a
 * colour or a (de)activation changes how every slot of its fields looks, so open pages reload their weeks.
 */
export function editFacility({ db, live }: ServerContext, ctx: AuditContext, id: string, values: repo.FacilityValues): Promise<Facility> {
  return uniqueName({ key: 'facilities.facilityNameTaken', params: { name: values.name } }, () =>
    commitThenPublish(db, live, async (tx) => {
      const before = await repo.findFacility(tx, id);
      if (!before) throw facilityGone();
      const after = (await repo.updateFacility(tx, id, { ...values, active: values.active ?? before.active }))!;
      const action = before.active && !after.active ? 'facility.deactivate' : !before.active && after.active ? 'facility.reactivate' : 'facility.update';
      if (action === 'facility.deactivate') await refuseWhileBooked(tx, { facilityId: id }, `"${after.name}"`);
      await recordAudit(tx, ctx, { action, entityType: 'facility', entityId: id, summary: `${action === 'facility.update' ? 'Edited' : action === 'facility.deactivate' ? 'Deactivated' : 'Reactivated'} facility "${after.name}"`, before, after });
      return { value: { ...after, fields: await repo.fieldsOf(tx, id) }, slots: 'all' };
    }),
  );
}

/** The divisions a field is limited to must exist (the form picks them from the list; one may have been deleted meanwhile). */
async function requireDivisions(db: Database, ids: readonly string[] | undefined) {
  for (const id of ids ?? []) {
    if (!(await findDivision(db, id))) {
      throw new AppError('VALIDATION_FAILED', { key: 'facilities.divisionGone' }, { fields: { divisionIds: 'Choose divisions from the list' } });
    }
  }
}

async function requireFacility(db: Database, id: string) {
  const facility = await repo.findFacility(db, id);
  if (!facility) {
    throw new AppError('VALIDATION_FAILED', { key: 'facilities.facilityUnknown' }, { fields: { facilityId: 'Choose a facility from the list' } });
  }
  return facility;
}

export function createField(db: Database, ctx: AuditContext, values: repo.FieldValues): Promise<Field> {
  return uniqueName({ key: 'facilities.fieldNameTaken', params: { name: values.name } }, () =>
    db.transaction(async (tx) => {
      const facility = await requireFacility(tx, values.facilityId);
      await requireDivisions(tx, values.divisionIds);
      const field = await repo.insertField(tx, values);
      await recordAudit(tx, ctx, { action: 'field.create', entityType: 'field', entityId: field.id, summary: `Created field "${field.name}" at ${facility.name}`, after: field });
      return field;
    }),
  );
}

export function editField({ db, live }: ServerContext, ctx: AuditContext, id: string, values: repo.FieldValues): Promise<Field> {
  return uniqueName({ key: 'facilities.fieldNameTaken', params: { name: values.name } }, () =>
    commitThenPublish(db, live, async (tx) => {
      const before = await repo.findField(tx, id);
      if (!before) throw fieldGone();
      await requireFacility(tx, values.facilityId);
      await requireDivisions(tx, values.divisionIds);
      const after = (await repo.updateField(tx, id, { ...values, active: values.active ?? before.active }))!;
      const action = before.active && !after.active ? 'field.deactivate' : !before.active && after.active ? 'field.reactivate' : 'field.update';
      if (action === 'field.deactivate') await refuseWhileBooked(tx, { fieldId: id }, `"${after.name}"`);
      await recordAudit(tx, ctx, { action, entityType: 'field', entityId: id, summary: `${action === 'field.update' ? 'Edited' : action === 'field.deactivate' ? 'Deactivated' : 'Reactivated'} field "${after.name}"`, before, after });
      return { value: after, slots: 'all' };
    }),
  );
}
