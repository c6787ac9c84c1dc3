import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Slot } from '../../../../shared/slots/slots.schemas';
import { focusChosenSlot } from '../../../components/schedule/chosen-slot';
import { SlotWeekList } from '../../../components/schedule/slot-week-list';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { Skeleton } from '../../../components/ui/loading';
import { PageHeader } from '../../../components/ui/page-header';
import { useFacilities } from '../../../lib/api/get-facilities';
import { useLeagueTimeZone } from '../../../lib/api/get-league';
import { RichText, useT } from '../../../lib/i18n';
import { describeSlot } from '../../../lib/slot-week';
import { ActiveBlocksList } from './active-blocks-list';
import { BlockForm, CHOSEN_SLOT_ID, type BlockScope } from './block-form';

/** `rainOuts`: the rain-outs (features/rain-outs, put in by the router), shown above the active blocks. */
export function BlockSlotsPage({ rainOuts }: { rainOuts?: ReactNode } = {}) {
  const { t } = useT('blocks');
  const timeZone = useLeagueTimeZone();
  const facilities = useFacilities();
  const [scope, setScope] = useState<BlockScope>('field');
  const [selectedSlot, setSelectedSlot] = useState<Slot | null>(null);

  const choose = (slot: Slot) => {
    setScope('slot');
    setSelectedSlot(slot);
    focusChosenSlot(CHOSEN_SLOT_ID);
  };

  const active = (facilities.data ?? [])
    .filter((f) => f.active)
    .map((f) => ({ ...f, fields: f.fields.filter((field) => field.active) }));

  return (
    <section>
      <PageHeader
        title={t('page.title')}
        description={t('page.description')}
      />
      <div className="flex flex-col gap-8">
        {facilities.isPending ? (
          <div className="rounded-xl border border-slate-200 bg-white p-6" aria-hidden="true">
            <Skeleton className="h-7 w-32" />
            <Skeleton className="mt-4 h-11 w-full" />
            <Skeleton className="mt-4 h-24 w-full" />
          </div>
        ) : facilities.isError ? (
          <LoadErrorAlert title={t('page.loadError')} message={facilities.error.message} onRetry={() => facilities.refetch()} />
        ) : active.length === 0 ? (
          <EmptyState
            title={t('page.empty.title')}
            action={
              <Link to="/admin-facility-manager" className={buttonClasses('primary')}>
                {t('page.empty.action')}
              </Link>
            }
          >
            {t('page.empty.body')}
          </EmptyState>
        ) : (
          <BlockForm
            facilities={active}
            timeZone={timeZone}
            scope={scope}
            onScopeChange={(next) => setScope(next)}
            selectedSlot={selectedSlot}
            onClearSlot={() => setSelectedSlot(null)}
          />
        )}

        {rainOuts}

        <ActiveBlocksList timeZone={timeZone} />

        <SlotWeekList
          title={t('week.title')}
          description={t('week.description')}
          emptyHint={t('week.emptyHint')}
          selectedSlotId={selectedSlot?.id}
          renderActions={(slot, { past }) =>
            past || slot.status === 'blocked' ? null : (
              <Button variant={slot.id === selectedSlot?.id ? 'primary' : 'secondary'} size="sm" onClick={() => choose(slot)} aria-pressed={slot.id === selectedSlot?.id}>
                <RichText ns="blocks" k="week.select" values={{ slot: describeSlot(slot, timeZone) }} components={{ 0: <span className="sr-only" /> }} />
              </Button>
            )
          }
        />
      </div>
    </section>
  );
}
