import { useState } from 'react';
import { toast } from '../../../lib/toast';
import type { Block } from '../../../../shared/blocks/blocks.schemas';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { Skeleton } from '../../../components/ui/loading';
import { formatDateTimeRange } from '../../../lib/dates';
import { RichText, useT } from '../../../lib/i18n';
import { useBlocks } from '../api/get-blocks';
import { useLiftBlock } from '../api/lift-block';
import { categoryLabel, scopeBadge } from '../block-words';

/** The blocks in force, soonest first, each with Unblock (after a confirm). */
export function ActiveBlocksList({ timeZone }: { timeZone: string }) {
  const { t } = useT('blocks');
  const blocks = useBlocks();
  const lift = useLiftBlock();
  const [lifting, setLifting] = useState<Block | null>(null);
  const list = blocks.data ? [...blocks.data].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt)) : [];

  const confirmLift = () => {
    if (!lifting) return;
    lift.mutate(lifting.id, {
      onSuccess: ({ slotsReopened }) => {
        toast.success(t('list.unblocked', { count: slotsReopened }));
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
        {t('list.title')}
      </h2>
      <div className="mt-4">
        {blocks.isPending ? (
          <div className="flex flex-col gap-2" aria-hidden="true">
            <Skeleton className="h-20 w-full" />
            <Skeleton className="h-20 w-full" />
          </div>
        ) : blocks.isError ? (
          <LoadErrorAlert title={t('list.loadError')} message={blocks.error.message} onRetry={() => blocks.refetch()} />
        ) : list.length === 0 ? (
          <p className="rounded-lg border-2 border-dashed border-slate-300 px-4 py-6 text-center text-slate-700">
            {t('list.empty')}
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
                      <Badge>{scopeBadge(t, block.scope)}</Badge>
                      <Badge tone="danger">{categoryLabel(t, block.category)}</Badge>
                    </p>
                    <p className="mt-0.5 text-slate-800">{range}</p>
                    <p className="mt-0.5 text-sm break-words text-slate-700">
                      {t('list.reason', { reason: block.reason, slots: block.slotsBlocked })}
                    </p>
                  </div>
                  <div>
                    <Button variant="secondary" size="sm" onClick={() => setLifting(block)}>
                      <RichText ns="blocks" k="list.unblock" values={{ name: block.targetName, range }} components={{ 0: <span className="sr-only" /> }} />
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
        title={lifting ? t('lift.title', { name: lifting.targetName }) : t('lift.titleBare')}
        message={
          lifting ? (
            <p>
              {t('lift.message', {
                name: lifting.targetName,
                range: formatDateTimeRange(lifting.startsAt, lifting.endsAt, timeZone),
                reason: lifting.reason,
              })}
            </p>
          ) : null
        }
        confirmLabel={t('lift.confirm')}
        busy={lift.isPending}
        onConfirm={confirmLift}
        onCancel={() => setLifting(null)}
      />
    </section>
  );
}
