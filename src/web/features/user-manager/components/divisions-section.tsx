import { useEffect, useRef, useState } from 'react';
import { toast } from '../../../lib/toast';
import type { AdminDivision } from '../../../../shared/divisions/divisions.schemas';
import { Button } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { Skeleton } from '../../../components/ui/loading';
import { RichText, useT } from '../../../lib/i18n';
import { useAdminDivisions } from '../api/get-admin-divisions';
import { useDeleteDivision } from '../api/delete-division';
import { useReorderDivisions } from '../api/reorder-divisions';
import { DivisionFormDialog } from './division-form-dialog';

/** Where the focus goes once the list is drawn again: a row's button (React may have moved it), Add, or the heading. */
type FocusTarget = { id: string; control: 'up' | 'down' | 'rename' } | 'add' | 'heading';
const controlId = (id: string, control: 'up' | 'down' | 'rename') => `division-${id}-${control}`;
const ADD_ID = 'division-add';

const iconButton =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-lg border border-slate-300 bg-white text-primary-800 hover:border-primary-400 hover:bg-primary-50 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:border-slate-300 disabled:hover:bg-white';

/**
 * The league's divisions on the Teams tab (issue 29): in the league's order (youngest first, as lists show them),
 * each with its teams and the fields limited to it; add, rename, move up or down, delete.
 */
export function DivisionsSection() {
  const { t } = useT('user-manager');
  const divisions = useAdminDivisions();
  const reorder = useReorderDivisions();
  const remove = useDeleteDivision();
  const [editing, setEditing] = useState<{ key: number; division: AdminDivision | null } | null>(null);
  const [deleting, setDeleting] = useState<AdminDivision | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusNext = useRef<FocusTarget | null>(null);

  const list = divisions.data ?? [];
  const open = (division: AdminDivision | null) => setEditing({ key: (editing?.key ?? 0) + 1, division });

  useEffect(() => {
    const next = focusNext.current;
    if (!next) return;
    focusNext.current = null;
    const focus = () =>
      next === 'heading' ? headingRef.current?.focus() : document.getElementById(next === 'add' ? ADD_ID : controlId(next.id, next.control))?.focus();
    // After a dialog, once it has given the focus back to the button that opened it (Headless UI does so after this
    // render), which a deleted division or the empty state took away; a move's button at once.
    if (typeof next === 'object' && next.control !== 'rename') focus();
    else window.setTimeout(focus, 0);
  });

  const move = (division: AdminDivision, by: -1 | 1) => {
    const from = list.findIndex((d) => d.id === division.id);
    const to = from + by;
    if (from < 0 || to < 0 || to >= list.length) return;
    const ids = list.map((d) => d.id);
    ids.splice(to, 0, ...ids.splice(from, 1));
    // The button pressed, unless the division reached that end of the list: then the other one.
    const atEnd = to === 0 || to === list.length - 1;
    focusNext.current = { id: division.id, control: atEnd ? (by === -1 ? 'down' : 'up') : by === -1 ? 'up' : 'down' };
    reorder.mutate(ids, {
      onSuccess: () => toast.success(t(by === -1 ? 'divisions.toast.movedUp' : 'divisions.toast.movedDown', { name: division.name, place: to + 1, count: list.length })),
      onError: (err) => toast.error(err.message),
    });
  };

  const confirmDelete = () => {
    if (!deleting) return;
    const division = deleting;
    remove.mutate(division.id, {
      onSuccess: () => {
        focusNext.current = 'heading';
        toast.success(t('divisions.toast.deleted', { name: division.name }));
      },
      // The server says why it will not (teams in it, fields limited to it) and what to do first.
      onError: (err) => toast.error(err.message, { duration: 8000 }),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <section aria-labelledby="divisions-heading" className="mb-8">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="divisions-heading" ref={headingRef} tabIndex={-1} className="text-xl font-bold text-primary-900 focus:outline-none focus-visible:outline-3 focus-visible:outline-primary-500">
            {t('divisions.heading')}
          </h2>
          <p className="text-sm text-slate-700">{t('divisions.description')}</p>
        </div>
        {list.length > 0 ? (
          <Button id={ADD_ID} variant="secondary" onClick={() => open(null)}>
            {t('divisions.add')}
          </Button>
        ) : null}
      </div>

      {divisions.isPending ? (
        <div className="flex flex-col gap-2" aria-hidden="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-16 w-full" />
          ))}
        </div>
      ) : divisions.isError ? (
        <LoadErrorAlert title={t('divisions.loadError')} message={divisions.error.message} onRetry={() => divisions.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState title={t('divisions.empty.title')} action={<Button onClick={() => open(null)}>{t('divisions.empty.action')}</Button>}>
          {t('divisions.empty.body')}
        </EmptyState>
      ) : (
        <ol className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
          {list.map((division, i) => (
            <li key={division.id} aria-labelledby={`division-${division.id}-name`} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p id={`division-${division.id}-name`} className="font-semibold break-words text-slate-900">
                  {division.name}
                </p>
                <p className="text-sm text-slate-700">
                  {division.fieldNames.length === 0
                    ? t('divisions.summaryNoFields', { teams: division.teamCount })
                    : t('divisions.summary', { teams: division.teamCount, fields: division.fieldNames.join(', ') })}
                </p>
              </div>
              <div className="flex shrink-0 flex-wrap items-center gap-2">
                <button
                  type="button"
                  id={controlId(division.id, 'up')}
                  className={iconButton}
                  disabled={i === 0}
                  aria-label={t('divisions.moveUp', { name: division.name })}
                  onClick={() => move(division, -1)}
                >
                  <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5 fill-current">
                    <path d="M10 5.5a1 1 0 0 1 .7.3l5 5a1 1 0 0 1-1.4 1.4L10 7.9l-4.3 4.3a1 1 0 0 1-1.4-1.4l5-5a1 1 0 0 1 .7-.3Z" />
                  </svg>
                </button>
                <button
                  type="button"
                  id={controlId(division.id, 'down')}
                  className={iconButton}
                  disabled={i === list.length - 1}
                  aria-label={t('divisions.moveDown', { name: division.name })}
                  onClick={() => move(division, 1)}
                >
                  <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5 fill-current">
                    <path d="M10 14.5a1 1 0 0 1-.7-.3l-5-5a1 1 0 0 1 1.4-1.4l4.3 4.3 4.3-4.3a1 1 0 0 1 1.4 1.4l-5 5a1 1 0 0 1-.7.3Z" />
                  </svg>
                </button>
                <Button id={controlId(division.id, 'rename')} variant="secondary" size="sm" onClick={() => open(division)}>
                  <RichText ns="user-manager" k="divisions.rename" values={{ name: division.name }} components={{ 0: <span className="sr-only" /> }} />
                </Button>
                <Button variant="ghost" size="sm" className="border border-slate-300" onClick={() => setDeleting(division)}>
                  <RichText ns="user-manager" k="divisions.delete" values={{ name: division.name }} components={{ 0: <span className="sr-only" /> }} />
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}

      {editing ? (
        <DivisionFormDialog
          key={editing.key}
          division={editing.division}
          // A new division: the Add button, which the first one brings (the empty state's goes away).
          onSaved={() => (focusNext.current = editing.division ? { id: editing.division.id, control: 'rename' } : 'add')}
          onClose={() => setEditing(null)}
        />
      ) : null}

      <ConfirmModal
        open={deleting !== null}
        title={t('divisions.confirmDelete.title', { name: deleting?.name ?? t('divisions.confirmDelete.theDivision') })}
        message={<p>{t('divisions.confirmDelete.message', { name: deleting?.name ?? t('divisions.confirmDelete.theDivisionStart') })}</p>}
        confirmLabel={t('divisions.confirmDelete.confirm')}
        destructive
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
