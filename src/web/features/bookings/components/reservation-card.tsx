import { useId, type ReactNode } from 'react';
import type { Booking } from '../../../../shared/bookings/bookings.schemas';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { cx } from '../../../lib/cx';
import { formatDateTime, formatTimeRange, formatWeekdayDayAt } from '../../../lib/dates';
import { RichText, useT } from '../../../lib/i18n';
import { bookingIcsHref } from '../../../lib/api/get-my-bookings';

/**
 * One of the team's practices: when, where (with the map link), Add to calendar, and Cancel, which after the
 * cutoff stays visible but disabled with the reason in words. `cancel` null: no Cancel at all. `swap`: the app's swap
 * action for this practice (issue 29), after Cancel.
 */
export function ReservationCard({
  booking,
  timeZone,
  now,
  cancel,
  onCancel,
  swap = null,
}: {
  booking: Booking;
  timeZone: string;
  now: Date;
  cancel: { allowed: boolean; reason: string | null } | null;
  onCancel: () => void;
  swap?: ReactNode;
}) {
  const { t } = useT('bookings');
  const headingId = useId();
  const reasonId = useId();
  const cancelled = booking.status === 'cancelled';
  const over = Date.parse(booking.endsAt) <= now.getTime();
  const when = t('card.when', { when: formatDateTime(booking.startsAt, timeZone), field: booking.fieldName });

  return (
    <article aria-labelledby={headingId} className={cx('flex h-full flex-col rounded-xl border bg-white p-4 shadow-sm', cancelled ? 'border-slate-200 bg-slate-50' : 'border-slate-200')}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className={cx('text-lg font-bold', cancelled ? 'text-slate-700 line-through decoration-1' : 'text-primary-900')}>
          {formatWeekdayDayAt(booking.startsAt, timeZone)}
          <span className="block text-base font-semibold">{formatTimeRange(booking.startsAt, booking.endsAt, timeZone)}</span>
        </h3>
        <div className="flex flex-wrap gap-1.5">
          {cancelled ? <Badge tone="danger">{t('card.cancelled')}</Badge> : over ? <Badge>{t('card.done')}</Badge> : <Badge tone="success">{t('card.confirmed')}</Badge>}
          {booking.override ? <Badge tone="accent">{t('card.override')}</Badge> : null}
        </div>
      </div>

      <p className="mt-2 text-slate-900">
        <span className="font-semibold">{booking.fieldName}</span> · {booking.facilityName}
      </p>
      {booking.facilityAddress ? <p className="text-sm text-slate-700">{booking.facilityAddress}</p> : null}
      {booking.mapUrl ? (
        <a href={booking.mapUrl} target="_blank" rel="noopener noreferrer" className="mt-1 inline-flex min-h-11 w-fit items-center font-semibold text-primary-700 underline underline-offset-4">
          <RichText ns="bookings" k="card.map" values={{ facility: booking.facilityName }} components={{ 0: <span className="sr-only" /> }} />
        </a>
      ) : null}
      {cancelled ? (
        <p className="mt-2 text-sm text-slate-800">{booking.cancelReason === null ? t('card.reasonNone') : t('card.reason', { reason: booking.cancelReason })}</p>
      ) : null}

      {!cancelled ? (
        <div className="mt-auto flex flex-col gap-2 pt-4">
          <div className="flex flex-wrap gap-2">
            <a href={bookingIcsHref(booking.id)} download className={buttonClasses('secondary', 'sm')}>
              <RichText ns="bookings" k="card.addToCalendar" values={{ when }} components={{ 0: <span className="sr-only" /> }} />
            </a>
            {cancel ? (
              <Button
                variant="ghost"
                size="sm"
                className="border border-slate-300 text-danger-700 hover:bg-danger-50"
                disabled={!cancel.allowed}
                aria-describedby={cancel.reason ? reasonId : undefined}
                onClick={onCancel}
              >
                <RichText ns="bookings" k="card.cancel" values={{ when }} components={{ 0: <span className="sr-only" /> }} />
              </Button>
            ) : null}
            {swap}
          </div>
          {cancel?.reason && !over ? (
            <p id={reasonId} className="text-sm text-slate-700">
              {cancel.reason}
            </p>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}
