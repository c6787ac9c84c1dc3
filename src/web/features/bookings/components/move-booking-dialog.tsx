import { useId, useState } from 'react';
import { toast } from '../../../lib/toast';
import { moveRequestSchema, type Booking } from '../../../../shared/bookings/bookings.schemas';
import { WeekNavigator } from '../../../components/schedule/week-navigator';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/field-shell';
import { Skeleton } from '../../../components/ui/loading';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { useFacilities } from '../../../lib/api/get-facilities';
import { useSlots } from '../../../lib/api/get-slots';
import { cx } from '../../../lib/cx';
import { dateInZone, formatDateTime, formatLongDay, formatMonthDay, formatTimeRange, todayInZone } from '../../../lib/dates';
import { useT } from '../../../lib/i18n';
import { groupSlotsByDay, isPast, weekOf } from '../../../lib/slot-week';
import { Alert } from '../../../components/ui/alert';
import { useMoveBooking } from '../api/move-booking';
import { otherDivisionWarning } from '../api/override-booking';
import { movedMessage, teamWords } from '../booking-words';
import { FieldSelect } from './field-select';

/**
 * An admin moves a booking to another open slot of the same season: a week of open slots (the booking's
 * week and field to start with) to choose from, and an optional reason for the coach. A slot on a field limited to
 * other divisions than the team's (issue 29) is refused with the server's warning; the admin confirms by moving again
 * ("Move outside their division"), which sends `allowOtherDivision`.
 */
export function MoveBookingDialog({ booking, timeZone, onClose }: { booking: Booking; timeZone: string; onClose: () => void }) {
  const { t } = useT('bookings-admin');
  const move = useMoveBooking();
  const facilities = useFacilities();
  const [weekStart, setWeekStart] = useState(() => weekOf(dateInZone(booking.startsAt, timeZone)).from);
  const [fieldId, setFieldId] = useState(booking.fieldId);
  const [slotId, setSlotId] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  /** The server's warning for the chosen slot, on a field of other divisions: the next press confirms it. */
  const [outside, setOutside] = useState<{ slotId: string; warning: string } | null>(null);
  const confirming = outside !== null && outside.slotId === slotId;
  const errorId = useId();
  const week = weekOf(weekStart);
  const slots = useSlots({ ...week, seasonId: booking.seasonId, fieldId: fieldId || undefined });
  const open = (slots.data ?? []).filter((slot) => slot.status === 'open' && !isPast(slot) && slot.id !== booking.slotId);
  const days = groupSlotsByDay(open, timeZone);

  const submit = () => {
    const parsed = moveRequestSchema.safeParse({ slotId, reason: reason.trim() || undefined });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? t('move.chooseSlot'));
      return;
    }
    move.mutate(
      { id: booking.id, slotId: parsed.data.slotId, reason: parsed.data.reason, allowOtherDivision: confirming },
      {
        onSuccess: (moved) => {
          toast.success(movedMessage(t, moved, timeZone));
          onClose();
        },
        onError: (err) => {
          const warning = otherDivisionWarning(err);
          if (warning !== undefined) {
            setOutside({ slotId: parsed.data.slotId, warning });
            return;
          }
          // The slot may have just been taken: the list reloads and the admin picks again.
          setError(err.message);
          setSlotId('');
          toast.error(err.message);
        },
      },
    );
  };

  return (
    <Modal open title={t('move.title')} size="lg" onClose={move.isPending ? () => undefined : onClose}>
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <p className="text-slate-700">
          {t('move.intro', { ...teamWords(booking.teamName), when: formatDateTime(booking.startsAt, timeZone), field: booking.fieldName, facility: booking.facilityName })}
        </p>
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
          <WeekNavigator weekStart={weekStart} today={todayInZone(timeZone)} onChange={(next) => setWeekStart(next)} />
          <FieldSelect facilities={facilities.data ?? []} className="sm:w-64" value={fieldId} onChange={setFieldId} />
        </div>

        <fieldset aria-describedby={error ? errorId : undefined}>
          <legend className="mb-2 text-sm font-semibold text-slate-800">{t('move.openSlots', { week: formatMonthDay(week.from) })}</legend>
          {slots.isPending ? (
            <div className="flex flex-col gap-2" aria-hidden="true">
              <Skeleton className="h-11 w-full" />
              <Skeleton className="h-11 w-full" />
            </div>
          ) : days.length === 0 ? (
            <p className="rounded-lg border-2 border-dashed border-slate-300 px-4 py-6 text-center text-slate-700">
              {fieldId ? t('move.noneOnField') : t('move.none')}
            </p>
          ) : (
            <div className="flex max-h-80 flex-col gap-3 overflow-y-auto rounded-lg border border-slate-200 p-2">
              {days.map((day) => (
                <div key={day.date}>
                  <p className="px-1 pb-1 text-sm font-semibold text-slate-900">{formatLongDay(day.date)}</p>
                  <div className="flex flex-col gap-1">
                    {day.slots.map((slot) => (
                      <label
                        key={slot.id}
                        className={cx(
                          'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border px-3 py-2 text-slate-900',
                          slotId === slot.id ? 'border-primary-700 bg-primary-50' : 'border-slate-200 hover:bg-slate-50',
                        )}
                      >
                        <input
                          type="radio"
                          name="move-to"
                          value={slot.id}
                          checked={slotId === slot.id}
                          onChange={() => {
                            setSlotId(slot.id);
                            setError(null);
                          }}
                          className="size-5 shrink-0 accent-primary-800"
                        />
                        <span>
                          <span className="font-semibold">{formatTimeRange(slot.startsAt, slot.endsAt, timeZone)}</span> · {slot.fieldName}{' '}
                          <span className="text-slate-700">({slot.facilityName})</span>
                        </span>
                      </label>
                    ))}
                  </div>
                </div>
              ))}
            </div>
          )}
          <FieldError id={errorId} message={error ?? undefined} />
        </fieldset>

        {confirming ? (
          <Alert tone="warning" title={t('move.outsideTitle', teamWords(booking.teamName))}>
            <p>{outside.warning}</p>
          </Alert>
        ) : null}

        <TextField label={t('move.reason')} maxLength={200} autoComplete="off" hint={t('move.reasonHint')} value={reason} onChange={(event) => setReason(event.target.value)} />

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={move.isPending}>
            {t('move.keep')}
          </Button>
          <Button type="submit" busy={move.isPending}>
            {confirming ? t('move.confirmOutside') : t('move.submit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
