import { useState } from 'react';
import { toast } from '../../../lib/toast';
import type { Block } from '../../../../shared/blocks/blocks.schemas';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { Skeleton } from '../../../components/ui/loading';
import { countOf } from '../../../lib/count-words';
import { formatDateTimeRange } from '../../../lib/dates';
import { useBlocks } from '../api/get-blocks';
import { useLiftBlock } from '../api/lift-block';
import { CATEGORY_LABEL } from '../block-words';

const SCOPE_WORD: Record<Block['scope'], string> = { slot: 'Slot', field: 'Field', facility: 'Facility' };

/** The blocks in force, soonest first, each with Unblock (after a confirm). */
export function ActiveBlocksList({ timeZone }: { timeZone: string }) {
  const blocks = useBlocks();
  const lift = useLiftBlock();
  const [lifting, setLifting] = useState<Block | null>(null);
  const list = blocks.data ? [...blocks.data].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt)) : [];

  const confirmLift = () => {
    if (!lifting) return;
    lift.mutate(lifting.id, {
      onSuccess: ({ slotsReopened }) => {
        toast.success(`Unblocked: ${countOf(slotsReopened, 'slot')} reopened.`);
        setLifting(null);
      },
      onError: (err) => {
        toast.error(err.message);
        setLifting(null);
      },
    });
  };

  return (
    <section aria-labelledby="active-blocks-title" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="active-blocks-title" className="text-xl font-bold text-primary-900">
        Active blocks
      </h2>
      <div className="mt-4">
        {blocks.isPending ? (
          <div className="flex flex-col gap-2" aria-hidden="true">
            <Skeleton className="h-20 w-full" />
            <Skeleton className="h-20 w-full" />
          </div>
        ) : blocks.isError ? (
          <LoadErrorAlert title="The blocks could not be loaded" message={blocks.error.message} onRetry={() => blocks.refetch()} />
        ) : list.length === 0 ? (
          <p className="rounded-lg border-2 border-dashed border-slate-300 px-4 py-6 text-center text-slate-700">
            No active blocks. Blocks you add with the form above are listed here until you unblock them.
          </p>
        ) : (
          <ul className="divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200">
            {list.map((block) => {
              const range = formatDateTimeRange(block.startsAt, block.endsAt, timeZone);
              return (
                <li key={block.id} className="grid gap-2 bg-white px-4 py-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center">
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-2">
                      <span className="font-semibold break-words text-slate-900">{block.targetName}</span>
                      <Badge>{SCOPE_WORD[block.scope]}</Badge>
                      <Badge tone="danger">{CATEGORY_LABEL[block.category]}</Badge>
                    </p>
                    <p className="mt-0.5 text-slate-800">{range}</p>
                    <p className="mt-0.5 text-sm break-words text-slate-700">
                      Reason: {block.reason} · {countOf(block.slotsBlocked, 'slot')} blocked
                    </p>
                  </div>
                  <div>
                    <Button variant="secondary" size="sm" onClick={() => setLifting(block)}>
                      Unblock<span className="sr-only"> {block.targetName}, {range}</span>
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </div>

      <ConfirmModal
        open={lifting !== null}
        title={lifting ? `Unblock ${lifting.targetName}?` : 'Unblock?'}
        message={
          lifting ? (
            <p>
              {`Unblock ${lifting.targetName}, ${formatDateTimeRange(lifting.startsAt, lifting.endsAt, timeZone)} ("${lifting.reason}")?`} Its slots reopen for booking,
              unless another block still covers them. Bookings this block cancelled are not restored.
            </p>
          ) : null
        }
        confirmLabel="Unblock"
        busy={lift.isPending}
        onConfirm={confirmLift}
        onCancel={() => setLifting(null)}
      />
    </section>
  );
}
