import { useEffect, useState } from 'react';
import { toast } from '../../../lib/toast';
import { Link, useSearchParams } from 'react-router';
import type { Slot } from '../../../../shared/slots/slots.schemas';
import { useCurrentSeason } from '../../../app/current-season/current-season-context';
import { SlotWeekList } from '../../../components/schedule/slot-week-list';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { Skeleton } from '../../../components/ui/loading';
import { PageHeader } from '../../../components/ui/page-header';
import { useFacilities } from '../../../lib/api/get-facilities';
import { useLeague, useLeagueTimeZone } from '../../../lib/api/get-league';
import { RichText, useT } from '../../../lib/i18n';
import { describeSlot } from '../../../lib/slot-week';
import { useDeleteSlot } from '../api/delete-slot';
import { SlotEditDialog } from './slot-edit-dialog';
import { SlotGeneratorForm } from './slot-generator-form';

const SLOT_LIST_ID = 'slots-by-week';

export function SlotsAdminPage() {
  const { t } = useT('slots');
  const timeZone = useLeagueTimeZone();
  const [editing, setEditing] = useState<Slot | null>(null);
  const [deleting, setDeleting] = useState<Slot | null>(null);
  const remove = useDeleteSlot();
  // A link to one slot (the audit log's: ?week=&day=&field=&slot=) outlines it and skips past the generator to the list.
  const [params] = useSearchParams();
  const linkedSlotId = params.get('slot');
  useEffect(() => {
    if (linkedSlotId) document.getElementById(SLOT_LIST_ID)?.scrollIntoView?.({ block: 'start' });
  }, [linkedSlotId]);

  const confirmDelete = () => {
    if (!deleting) return;
    const slot = deleting;
    remove.mutate(slot.id, {
      onSuccess: () => {
        toast.success(t('admin.deleted', { slot: describeSlot(slot, timeZone) }));
        setDeleting(null);
      },
      onError: (err) => {
        toast.error(err.message);
        setDeleting(null);
      },
    });
  };

  return (
    <section>
      <PageHeader title={t('admin.title')} description={t('admin.description')} />
      <div className="flex flex-col gap-8">
        <Generator />
        <div id={SLOT_LIST_ID} className="scroll-mt-4">
          <SlotWeekList
            title={t('admin.byWeek')}
            selectedSlotId={linkedSlotId}
            emptyHint={t('admin.emptyHint')}
            renderActions={(slot) => {
              const name = describeSlot(slot, timeZone);
              return (
                <>
                  <Button variant="secondary" size="sm" onClick={() => setEditing(slot)}>
                    <RichText ns="slots" k="admin.edit" values={{ slot: name }} components={{ 0: <span className="sr-only" /> }} />
                  </Button>
                  <Button variant="ghost" size="sm" className="border border-slate-300 text-danger-700 hover:bg-danger-50" onClick={() => setDeleting(slot)}>
                    <RichText ns="slots" k="admin.delete" values={{ slot: name }} components={{ 0: <span className="sr-only" /> }} />
                  </Button>
                </>
              );
            }}
          />
        </div>
      </div>

      {editing ? <SlotEditDialog key={editing.id} slot={editing} timeZone={timeZone} onClose={() => setEditing(null)} /> : null}

      <ConfirmModal
        open={deleting !== null}
        title={t('admin.deleteTitle')}
        message={
          deleting ? (
            <p>{t('admin.deleteMessage', { slot: describeSlot(deleting, timeZone) })}</p>
          ) : null
        }
        confirmLabel={t('admin.deleteConfirm')}
        destructive
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}

/** The generator, once seasons, facilities and the league's zone are known. */
function Generator() {
  const { t } = useT('slots');
  const { season, seasons, isLoading } = useCurrentSeason();
  const facilities = useFacilities();
  const league = useLeague();
  const timeZone = useLeagueTimeZone();

  if (isLoading || facilities.isPending || league.isPending) {
    return (
      <div className="rounded-xl border border-slate-200 bg-white p-6" aria-hidden="true">
        <Skeleton className="h-7 w-48" />
        <Skeleton className="mt-4 h-11 w-full max-w-md" />
        <Skeleton className="mt-4 h-32 w-full" />
        <Skeleton className="mt-4 h-11 w-full" />
      </div>
    );
  }
  if (facilities.isError) {
    return (
      <LoadErrorAlert title={t('admin.fieldsLoadError')} message={facilities.error.message} onRetry={() => facilities.refetch()} />
    );
  }
  if (seasons.length === 0) {
    return (
      <EmptyState
        title={t('admin.noSeasons')}
        action={
          <Link to="/admin-season-manager" className={buttonClasses('primary')}>
            {t('admin.createSeason')}
          </Link>
        }
      >
        {t('admin.noSeasonsText')}
      </EmptyState>
    );
  }
  const active = facilities.data
    .filter((f) => f.active)
    .map((f) => ({ ...f, fields: f.fields.filter((field) => field.active) }))
    .filter((f) => f.fields.length > 0);
  if (active.length === 0) {
    return (
      <EmptyState
        title={t('admin.noFields')}
        action={
          <Link to="/admin-facility-manager" className={buttonClasses('primary')}>
            {t('admin.addFields')}
          </Link>
        }
      >
        {t('admin.noFieldsText')}
      </EmptyState>
    );
  }
  return (
    <SlotGeneratorForm
      seasons={seasons}
      facilities={active}
      defaultSeasonId={season.id ?? seasons.find((s) => s.active)?.id ?? seasons[0]?.id ?? ''}
      timeZone={timeZone}
    />
  );
}
