import { useState } from 'react';
import { toast } from '../../../lib/toast';
import type { Division } from '../../../../shared/divisions/divisions.schemas';
import type { Facility, Field } from '../../../../shared/facilities/facilities.schemas';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { Skeleton } from '../../../components/ui/loading';
import { PageHeader } from '../../../components/ui/page-header';
import { useFacilities } from '../../../lib/api/get-facilities';
import { cx } from '../../../lib/cx';
import { useDivisions } from '../../../lib/api/get-divisions';
import { RichText, useT, type Translate } from '../../../lib/i18n';
import { facilityWithActive, useSaveFacility } from '../api/save-facility';
import { fieldWithActive, useSaveField } from '../api/save-field';
import { fieldLimitWords, surfaceLabel } from '../facility-words';
import { FacilityFormDialog } from './facility-form-dialog';
import { FieldFormDialog } from './field-form-dialog';

type DialogRequest = { kind: 'facility'; facility: Facility | null } | { kind: 'field'; field: Field | null; facilityId: string };
/** The key makes each opening a fresh form. */
type Dialog = (DialogRequest & { key: string }) | null;

type Toggle = { kind: 'facility'; facility: Facility } | { kind: 'field'; field: Field; facilityName: string } | null;

/** Active first, then by name: a deactivated facility sinks but stays visible. */
const byActiveThenName = <T extends { active: boolean; name: string }>(a: T, b: T) =>
  Number(b.active) - Number(a.active) || a.name.localeCompare(b.name, undefined, { numeric: true });

export function FacilityManagerPage() {
  const { t } = useT('facilities');
  const facilities = useFacilities({ includeInactive: true });
  const divisions = useDivisions();
  const saveFacility = useSaveFacility();
  const saveField = useSaveField();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [toggle, setToggle] = useState<Toggle>(null);
  const [opened, setOpened] = useState(0);

  const list = facilities.data ? [...facilities.data].sort(byActiveThenName) : [];
  const open = (request: DialogRequest) => {
    setOpened((n) => n + 1);
    setDialog({ ...request, key: `${request.kind}-${opened + 1}` });
  };
  const newFacility = () => open({ kind: 'facility', facility: null });

  const confirmToggle = () => {
    if (!toggle) return;
    const done = (message: string) => {
      toast.success(message);
      setToggle(null);
    };
    const failed = (err: Error) => {
      toast.error(err.message);
      setToggle(null);
    };
    if (toggle.kind === 'facility') {
      const { facility } = toggle;
      const active = !facility.active;
      saveFacility.mutate(
        { id: facility.id, input: facilityWithActive(facility, active) },
        {
          onSuccess: (saved) => done(t(active ? 'toast.facilityReactivated' : 'toast.facilityDeactivated', { name: saved.name })),
          onError: failed,
        },
      );
    } else {
      const { field } = toggle;
      const active = !field.active;
      saveField.mutate(
        { id: field.id, input: fieldWithActive(field, active) },
        { onSuccess: (saved) => done(t(active ? 'toast.fieldReactivated' : 'toast.fieldDeactivated', { name: saved.name })), onError: failed },
      );
    }
  };

  return (
    <section>
      <PageHeader
        title={t('page.title')}
        description={t('page.description')}
        actions={list.length > 0 ? <Button onClick={newFacility}>{t('page.newFacility')}</Button> : null}
      />

      {facilities.isPending ? (
        <FacilitiesSkeleton />
      ) : facilities.isError ? (
        <LoadErrorAlert title={t('page.loadError')} message={facilities.error.message} onRetry={() => facilities.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState title={t('page.empty.title')} action={<Button onClick={newFacility}>{t('page.empty.action')}</Button>}>
          {t('page.empty.body')}
        </EmptyState>
      ) : (
        <ul className="flex flex-col gap-5">
          {list.map((facility) => (
            <li key={facility.id}>
              <FacilityCard
                facility={facility}
                divisions={divisions.data}
                onEdit={() => open({ kind: 'facility', facility })}
                onToggle={() => setToggle({ kind: 'facility', facility })}
                onAddField={() => open({ kind: 'field', field: null, facilityId: facility.id })}
                onEditField={(field) => open({ kind: 'field', field, facilityId: facility.id })}
                onToggleField={(field) => setToggle({ kind: 'field', field, facilityName: facility.name })}
              />
            </li>
          ))}
        </ul>
      )}

      {dialog?.kind === 'facility' ? <FacilityFormDialog key={dialog.key} facility={dialog.facility} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'field' ? (
        <FieldFormDialog key={dialog.key} field={dialog.field} facilityId={dialog.facilityId} facilities={list} onClose={() => setDialog(null)} />
      ) : null}

      <ConfirmModal
        open={toggle !== null}
        title={toggleTitle(t, toggle)}
        message={toggle ? <p>{toggleMessage(t, toggle)}</p> : null}
        confirmLabel={toggle && !(toggle.kind === 'facility' ? toggle.facility.active : toggle.field.active) ? t('toggle.reactivate') : t('toggle.deactivate')}
        destructive={toggle ? (toggle.kind === 'facility' ? toggle.facility.active : toggle.field.active) : false}
        busy={saveFacility.isPending || saveField.isPending}
        onConfirm={confirmToggle}
        onCancel={() => setToggle(null)}
      />
    </section>
  );
}

function toggleTitle(t: Translate<'facilities'>, toggle: Toggle): string {
  if (!toggle) return '';
  if (toggle.kind === 'facility') return t(toggle.facility.active ? 'toggle.deactivateFacilityTitle' : 'toggle.reactivateFacilityTitle');
  return t(toggle.field.active ? 'toggle.deactivateFieldTitle' : 'toggle.reactivateFieldTitle');
}

function toggleMessage(t: Translate<'facilities'>, toggle: NonNullable<Toggle>): string {
  if (toggle.kind === 'facility') {
    const { facility } = toggle;
    return t(facility.active ? 'toggle.deactivateFacilityMessage' : 'toggle.reactivateFacilityMessage', { name: facility.name });
  }
  const { field, facilityName } = toggle;
  return t(field.active ? 'toggle.deactivateFieldMessage' : 'toggle.reactivateFieldMessage', { name: field.name, facility: facilityName });
}

function FacilityCard({
  facility,
  divisions,
  onEdit,
  onToggle,
  onAddField,
  onEditField,
  onToggleField,
}: {
  facility: Facility;
  divisions: Division[] | undefined;
  onEdit: () => void;
  onToggle: () => void;
  onAddField: () => void;
  onEditField: (field: Field) => void;
  onToggleField: (field: Field) => void;
}) {
  const { t } = useT('facilities');
  const titleId = `facility-${facility.id}`;
  const fields = [...facility.fields].sort(byActiveThenName);
  return (
    <section
      aria-labelledby={titleId}
      className={cx('rounded-xl border p-4 shadow-sm sm:p-6', facility.active ? 'border-slate-200 bg-white' : 'border-dashed border-slate-300 bg-slate-100')}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id={titleId} className={cx('text-xl font-bold break-words', facility.active ? 'text-primary-900' : 'text-slate-700')}>
              {facility.name}
            </h2>
            {facility.active ? null : <Badge>{t('card.inactiveFacility')}</Badge>}
          </div>
          {facility.address ? <p className="mt-1 text-slate-700">{facility.address}</p> : null}
          {facility.mapUrl ? (
            <a href={facility.mapUrl} target="_blank" rel="noreferrer" className="mt-1 inline-flex min-h-11 items-center font-medium break-all text-primary-700 underline">
              <RichText ns="facilities" k="card.map" values={{ name: facility.name }} components={{ 0: <span className="sr-only" /> }} />
            </a>
          ) : null}
          {facility.notes ? <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{facility.notes}</p> : null}
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={onEdit}>
            <RichText ns="facilities" k="card.edit" values={{ name: facility.name }} components={{ 0: <span className="sr-only" /> }} />
          </Button>
          <Button variant="secondary" size="sm" onClick={onAddField}>
            <RichText ns="facilities" k="card.addField" values={{ name: facility.name }} components={{ 0: <span className="sr-only" /> }} />
          </Button>
          <Button variant="ghost" size="sm" className="border border-slate-300" onClick={onToggle}>
            <RichText
              ns="facilities"
              k={facility.active ? 'card.deactivate' : 'card.reactivate'}
              values={{ name: facility.name }}
              components={{ 0: <span className="sr-only" /> }}
            />
          </Button>
        </div>
      </div>

      <h3 className="mt-5 mb-2 text-sm font-semibold tracking-wide text-slate-700 uppercase">{t('card.fields')}</h3>
      {fields.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-3 text-slate-700">
          {t('card.noFields')}
        </p>
      ) : (
        <ul className="divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200 bg-white">
          {fields.map((field) => {
            const limit = fieldLimitWords(t, field.divisionIds, divisions);
            return (
              <li
                key={field.id}
                className={cx('flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between', field.active ? undefined : 'bg-slate-100')}
              >
                <div className="flex min-w-0 items-center gap-3">
                  <span aria-hidden="true" className="size-4 shrink-0 rounded-full border border-slate-300" style={{ backgroundColor: field.color }} />
                  <div className="min-w-0">
                    <p className={cx('font-semibold break-words', field.active ? 'text-slate-900' : 'text-slate-700')}>
                      {field.name} {field.active ? null : <Badge>{t('card.inactiveField')}</Badge>}
                    </p>
                    <p className="text-sm text-slate-700">
                      {surfaceLabel(t, field.surface)} · {field.lights ? t('card.lights') : t('card.noLights')}
                      {limit ? (
                        <>
                          {' · '}
                          <span className="font-semibold text-primary-900">{limit}</span>
                        </>
                      ) : null}
                    </p>
                  </div>
                </div>
                <div className="flex shrink-0 flex-wrap gap-2">
                  <Button variant="secondary" size="sm" onClick={() => onEditField(field)}>
                    <RichText ns="facilities" k="card.edit" values={{ name: field.name }} components={{ 0: <span className="sr-only" /> }} />
                  </Button>
                  <Button variant="ghost" size="sm" className="border border-slate-300" onClick={() => onToggleField(field)}>
                    <RichText
                      ns="facilities"
                      k={field.active ? 'card.deactivate' : 'card.reactivate'}
                      values={{ name: field.name }}
                      components={{ 0: <span className="sr-only" /> }}
                    />
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function FacilitiesSkeleton() {
  return (
    <div className="flex flex-col gap-5" aria-hidden="true">
      {[0, 1].map((i) => (
        <div key={i} className="rounded-xl border border-slate-200 bg-white p-6">
          <Skeleton className="h-7 w-56" />
          <Skeleton className="mt-2 h-5 w-72" />
          <Skeleton className="mt-6 h-14 w-full" />
          <Skeleton className="mt-2 h-14 w-full" />
        </div>
      ))}
    </div>
  );
}
