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
import { describeSlot } from '../../../lib/slot-week';
import { ActiveBlocksList } from './active-blocks-list';
import { BlockForm, CHOSEN_SLOT_ID, type BlockScope } from './block-form';

/** `rainOuts`: the rain-outs (features/rain-outs, put in by the router), shown above the active blocks. */
export function BlockSlotsPage({ rainOuts }: { rainOuts?: ReactNode } = {}) {
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
        title="Block slots"
        description="Close one slot, a field or a whole facility for a while (weather, maintenance, an event), with a reason coaches see. Unblock to reopen."
      />
      <div className="flex flex-col gap-8">
        {facilities.isPending ? (
          <div className="rounded-xl border border-slate-200 bg-white p-6" aria-hidden="true">
            <Skeleton className="h-7 w-32" />
            <Skeleton className="mt-4 h-11 w-full" />
            <Skeleton className="mt-4 h-24 w-full" />
          </div>
        ) : facilities.isError ? (
          <LoadErrorAlert title="The facilities could not be loaded" message={facilities.error.message} onRetry={() => facilities.refetch()} />
        ) : active.length === 0 ? (
          <EmptyState
            title="No facilities yet"
            action={
              <Link to="/admin-facility-manager" className={buttonClasses('primary')}>
                Add facilities and fields
              </Link>
            }
          >
            Blocks close fields and facilities. Add a facility and its fields first.
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
          title="Slots by week"
          description="Blocked slots show their reason. Use Select to block a single slot."
          emptyHint="Choose another week, or generate slots on the Slots page."
          selectedSlotId={selectedSlot?.id}
          renderActions={(slot, { past }) =>
            past || slot.status === 'blocked' ? null : (
              <Button variant={slot.id === selectedSlot?.id ? 'primary' : 'secondary'} size="sm" onClick={() => choose(slot)} aria-pressed={slot.id === selectedSlot?.id}>
                Select<span className="sr-only"> {describeSlot(slot, timeZone)}</span>
              </Button>
            )
          }
        />
      </div>
    </section>
  );
}
