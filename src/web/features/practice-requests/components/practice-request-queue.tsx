import { useState, type FormEvent } from 'react';
import {
  PRACTICE_REQUEST_STATUSES,
  type CollisionSlot,
  type PracticeRequestStatus,
  type QueuedPracticeRequest,
} from '../../../../shared/practice-requests/practice-requests.schemas';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { Skeleton } from '../../../components/ui/loading';
import { Modal } from '../../../components/ui/modal';
import { SelectField } from '../../../components/ui/select-field';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { useFacilities } from '../../../lib/api/get-facilities';
import { useLeagueTimeZone } from '../../../lib/api/get-league';
import { formatDateTime, formatDateTimeRange, formatLongDay, formatTimeRange } from '../../../lib/dates';
import { RichText, useT } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { useApprovePracticeRequest, useDeclinePracticeRequest } from '../api/decide-practice-request';
import { usePracticeRequestQueue } from '../api/get-practice-request-queue';
import { cancelledDay, datesText, placeText, statusLabel, StatusBadge, windowText } from './practice-request-words';

/** The practice-request inbox on /admin: pending requests oldest first, with what each date collides with. */
export function PracticeRequestQueue() {
  const { t } = useT('practice-requests');
  const [status, setStatus] = useState<PracticeRequestStatus>('pending');
  const queue = usePracticeRequestQueue(status);
  const timeZone = useLeagueTimeZone();

  return (
    <section
      id="practice-requests"
      aria-labelledby="practice-request-queue-title"
      className="scroll-mt-20 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="practice-request-queue-title" className="text-lg font-semibold text-primary-900">
          {t('queue.title')}
        </h2>
        <SelectField label={t('queue.show')} className="w-44" value={status} onChange={(e) => setStatus(e.target.value as PracticeRequestStatus)}>
          {PRACTICE_REQUEST_STATUSES.map((s) => (
            <option key={s} value={s}>
              {statusLabel(t, s)}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="mt-4">
        {queue.isPending ? (
          <Skeleton className="h-40 w-full" />
        ) : queue.isError ? (
          <LoadErrorAlert title={t('queue.loadError')} message={queue.error.message} onRetry={() => queue.refetch()} />
        ) : queue.data.length === 0 ? (
          <p className="rounded-lg border-2 border-dashed border-slate-300 px-4 py-6 text-center text-slate-700">
            {t(`queue.empty.${status}`)}
          </p>
        ) : (
          <ul className="flex flex-col gap-4">
            {queue.data.map((r) => (
              <RequestCard key={r.id} request={r} timeZone={timeZone} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function RequestCard({ request: r, timeZone }: { request: QueuedPracticeRequest; timeZone: string }) {
  const { t } = useT('practice-requests');
  const approve = useApprovePracticeRequest();
  const [choosing, setChoosing] = useState<CollisionSlot | null>(null);
  const [declining, setDeclining] = useState(false);
  const [creating, setCreating] = useState(false);

  // After a decision the request leaves this list and the card unmounts: the toast follows the promise, which
  // settles whether or not the card is still there (a mutate() callback would not run after the unmount).
  const approveWith = (slot: CollisionSlot) => {
    void approve
      .mutateAsync({ id: r.id, slotId: slot.id })
      .then(
        () =>
          toast.success(
            t('queue.approved', { team: r.teamName, field: slot.fieldName, when: formatDateTimeRange(slot.startsAt, slot.endsAt, timeZone) }),
          ),
        (err: Error) => toast.error(err.message),
      )
      .finally(() => setChoosing(null));
  };

  const cancelledOn = cancelledDay(r, timeZone);
  const askedBy = { name: r.requestedByName ?? t('queue.formerCoach'), when: formatDateTime(r.createdAt, timeZone) };
  return (
    <li className="rounded-lg border border-slate-200 p-4" aria-label={t('queue.cardLabel', { team: r.teamName, dates: datesText(r) })}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold break-words text-slate-900">{r.teamName}</p>
        <StatusBadge status={r.status} />
      </div>
      <p className="mt-1 text-sm text-slate-700">
        {r.requestedByEmail ? (
          <RichText
            ns="practice-requests"
            k="queue.askedByWithEmail"
            values={{ ...askedBy, email: r.requestedByEmail }}
            components={{ 0: <span className="break-all" /> }}
          />
        ) : (
          t('queue.askedBy', askedBy)
        )}
      </p>
      <p className="mt-2 text-slate-900">
        {datesText(r)} · {windowText(t, r)} · {placeText(t, r)}
      </p>
      {r.notes ? <p className="mt-1 text-sm break-words text-slate-800">{t('queue.notes', { notes: r.notes })}</p> : null}
      {r.response ? <p className="mt-1 text-sm break-words text-slate-800">{t('queue.response', { response: r.response })}</p> : null}
      {r.booking ? (
        cancelledOn ? (
          <p className="mt-1 text-sm font-medium text-danger-800">
            {t('queue.cancelled', {
              day: cancelledOn,
              field: r.booking.fieldName,
              when: formatDateTimeRange(r.booking.startsAt, r.booking.endsAt, timeZone),
            })}
          </p>
        ) : (
          <p className="mt-1 text-sm text-success-800">
            {t('queue.booked', { field: r.booking.fieldName, when: formatDateTimeRange(r.booking.startsAt, r.booking.endsAt, timeZone) })}
          </p>
        )
      ) : null}

      {r.status === 'pending' ? (
        <>
          <div className="mt-3 flex flex-col gap-3">
            {r.collisions.map((c, i) => (
              <div key={c.date} className="rounded-lg bg-slate-50 p-3">
                <h3 className="font-semibold text-slate-900">{t('queue.choice', { number: i + 1, day: formatLongDay(c.date) })}</h3>
                {c.blocks.map((b) => (
                  <p key={b.id} className="mt-1 text-sm text-danger-800">
                    {t('queue.blocked', { target: b.targetName, when: formatTimeRange(b.startsAt, b.endsAt, timeZone), reason: b.reason })}
                  </p>
                ))}
                {c.slots.length === 0 ? (
                  <p className="mt-1 text-sm text-slate-700">{t('queue.noSlots')}</p>
                ) : (
                  <ul className="mt-2 flex flex-col gap-2">
                    {c.slots.map((s) => (
                      <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-white px-3 py-2">
                        <span className="min-w-0 text-sm break-words text-slate-900">
                          {s.fieldName} · {formatTimeRange(s.startsAt, s.endsAt, timeZone)}{' '}
                          {s.status === 'booked' ? (
                            <Badge>{t('queue.slotBooked', { team: s.teamName ?? t('queue.aTeam') })}</Badge>
                          ) : s.status === 'blocked' ? (
                            <Badge tone="danger">{t('queue.slotBlocked', { reason: s.blockReason ?? '' })}</Badge>
                          ) : s.fits ? (
                            <Badge tone="success">{t('queue.slotOpen')}</Badge>
                          ) : (
                            <Badge tone="accent">{t('queue.slotOpenOutside')}</Badge>
                          )}
                        </span>
                        {s.status === 'open' ? (
                          <Button size="sm" onClick={() => setChoosing(s)}>
                            <RichText
                              ns="practice-requests"
                              k="queue.approveWithSlot"
                              values={{ field: s.fieldName, when: formatDateTimeRange(s.startsAt, s.endsAt, timeZone) }}
                              components={{ 0: <span className="sr-only" /> }}
                            />
                          </Button>
                        ) : null}
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            ))}
          </div>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={() => setCreating(true)}>
              {t('queue.createSlot')}
            </Button>
            <Button variant="danger" size="sm" onClick={() => setDeclining(true)}>
              {t('queue.decline')}
            </Button>
          </div>
        </>
      ) : null}

      <ConfirmModal
        open={choosing !== null}
        title={t('queue.approveTitle', { team: r.teamName })}
        message={
          choosing ? (
            <p>
              {t('queue.approveMessage', {
                field: choosing.fieldName,
                when: formatDateTimeRange(choosing.startsAt, choosing.endsAt, timeZone),
                team: r.teamName,
              })}
            </p>
          ) : null
        }
        confirmLabel={t('queue.approveConfirm')}
        busy={approve.isPending}
        onConfirm={() => choosing && approveWith(choosing)}
        onCancel={() => setChoosing(null)}
      />
      <DeclineDialog request={r} open={declining} onClose={() => setDeclining(false)} />
      <CreateSlotDialog request={r} open={creating} onClose={() => setCreating(false)} timeZone={timeZone} />
    </li>
  );
}

function DeclineDialog({ request: r, open, onClose }: { request: QueuedPracticeRequest; open: boolean; onClose: () => void }) {
  const { t } = useT('practice-requests');
  const decline = useDeclinePracticeRequest();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setError(t('decline.reasonRequired'));
    void decline.mutateAsync({ id: r.id, reason: reason.trim() }).then(
      () => {
        toast.success(t('decline.done', { team: r.teamName }));
        onClose();
      },
      (err: Error) => setError(err.message),
    );
  };
  return (
    <Modal open={open} title={t('decline.title', { team: r.teamName })} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <p className="text-slate-800">{t('decline.body', { dates: datesText(r), window: windowText(t, r) })}</p>
        <TextAreaField label={t('decline.reason')} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} error={error ?? undefined} />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('decline.keepPending')}
          </Button>
          <Button type="submit" variant="danger" busy={decline.isPending}>
            {t('decline.submit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

function CreateSlotDialog({ request: r, open, onClose, timeZone }: { request: QueuedPracticeRequest; open: boolean; onClose: () => void; timeZone: string }) {
  const { t } = useT('practice-requests');
  const approve = useApprovePracticeRequest();
  const facilities = useFacilities();
  const [fieldId, setFieldId] = useState(r.fieldId ?? '');
  const [date, setDate] = useState(r.preferredDates[0] ?? '');
  const [startTime, setStartTime] = useState(r.windowStart);
  const [error, setError] = useState<string | null>(null);
  const fields = (facilities.data ?? [])
    .filter((f) => !r.facilityId || f.id === r.facilityId)
    .flatMap((f) => f.fields.filter((x) => x.active).map((x) => ({ id: x.id, label: `${f.name} · ${x.name}` })));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!fieldId) return setError(t('createSlot.chooseField'));
    void approve.mutateAsync({ id: r.id, newSlot: { fieldId, date, startTime, durationMinutes: r.durationMinutes } }).then(
      () => {
        toast.success(t('createSlot.done', { team: r.teamName }));
        onClose();
      },
      (err: Error) => setError(err.message),
    );
  };
  return (
    <Modal open={open} title={t('createSlot.title', { team: r.teamName })} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        {error ? <Alert>{error}</Alert> : null}
        <SelectField label={t('createSlot.field')} value={fieldId} onChange={(e) => setFieldId(e.target.value)}>
          <option value="">{t('createSlot.chooseField')}</option>
          {fields.map((f) => (
            <option key={f.id} value={f.id}>
              {f.label}
            </option>
          ))}
        </SelectField>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label={t('createSlot.date')} value={date} onChange={(e) => setDate(e.target.value)}>
            {r.preferredDates.map((d) => (
              <option key={d} value={d}>
                {formatLongDay(d)}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t('createSlot.start')}
            type="time"
            step={900}
            value={startTime}
            onChange={(e) => setStartTime(e.target.value)}
            hint={t('createSlot.startHint', { minutes: r.durationMinutes, zone: timeZone })}
          />
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('createSlot.cancel')}
          </Button>
          <Button type="submit" busy={approve.isPending}>
            {t('createSlot.submit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
