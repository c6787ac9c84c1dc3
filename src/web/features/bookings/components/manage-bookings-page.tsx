import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Booking } from '../../../../shared/bookings/bookings.schemas';
import { useCurrentSeason } from '../../../app/current-season/current-season-context';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { Skeleton } from '../../../components/ui/loading';
import { PageHeader } from '../../../components/ui/page-header';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useFacilities } from '../../../lib/api/get-facilities';
import { useLeagueTimeZone } from '../../../lib/api/get-league';
import { useTeams } from '../../../lib/api/get-teams';
import { formatDateTime, formatTimeRange, formatTimeRangeShort, formatWeekdayDayAt } from '../../../lib/dates';
import { RichText, useT, type Translate } from '../../../lib/i18n';
import { useLiveSlots } from '../../../lib/live/use-live-slots';
import { adminBookingsCsvHref, hasAnyFilter, parseAdminBookingFilters, withAdminBookingFilters, type AdminBookingFilters } from '../admin-booking-filters';
import { useAdminBookings } from '../api/get-admin-bookings';
import { AdminCancelDialog } from './admin-cancel-dialog';
import { FieldSelect } from './field-select';
import { MoveBookingDialog } from './move-booking-dialog';

type Action = { kind: 'cancel' | 'move'; booking: Booking } | null;

/** /admin-manage-bookings: search and filter every booking (filters in the URL), cancel, move, export CSV. */
export function ManageBookingsPage() {
  useLiveSlots();
  const { t } = useT('bookings-admin');
  const timeZone = useLeagueTimeZone();
  const [params, setParams] = useSearchParams();
  const filters = parseAdminBookingFilters(params);
  const bookings = useAdminBookings(filters);
  const [action, setAction] = useState<Action>(null);

  const update = (changes: Partial<AdminBookingFilters>) => void setParams(withAdminBookingFilters(params, changes), { preventScrollReset: true });
  const clear = () => update({ bookingId: '', seasonId: '', teamId: '', fieldId: '', status: '', from: '', to: '', q: '' });
  const list = bookings.data ?? [];

  return (
    <section>
      <PageHeader title={t('manage.title')} description={t('manage.description')} />
      <div className="flex flex-col gap-5">
        <BookingFilters key={filters.q} filters={filters} onChange={update} onClear={clear} />
        {filters.bookingId ? (
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-primary-200 bg-primary-50 px-4 py-3">
            <p className="text-slate-800">{t('manage.oneBooking')}</p>
            <Button variant="secondary" size="sm" onClick={() => update({ bookingId: '' })}>
              {t('manage.showAll')}
            </Button>
          </div>
        ) : null}

        <section aria-labelledby="results-heading" aria-busy={bookings.isFetching}>
          <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
            <h2 id="results-heading" className="text-xl font-bold text-primary-900">
              {t('manage.results')}
            </h2>
            <div className="flex flex-wrap items-center gap-3">
              <p role="status" className="text-sm text-slate-700">
                {bookings.isPending ? t('manage.loading') : t(bookings.isFetching ? 'manage.countUpdating' : 'manage.count', { count: list.length })}
              </p>
              <a href={adminBookingsCsvHref(filters)} download className={buttonClasses('secondary', 'sm')}>
                {t('manage.exportCsv')}
              </a>
            </div>
          </div>

          {bookings.isPending ? (
            <div className="flex flex-col gap-2" aria-hidden="true">
              {[0, 1, 2, 3, 4].map((i) => (
                <Skeleton key={i} className="h-16 w-full" />
              ))}
            </div>
          ) : bookings.isError ? (
            <LoadErrorAlert title={t('manage.loadError')} message={bookings.error.message} onRetry={() => bookings.refetch()} />
          ) : list.length === 0 ? (
            hasAnyFilter(filters) ? (
              <EmptyState
                title={t('manage.noMatch.title')}
                action={
                  <Button variant="secondary" onClick={clear}>
                    {t('filters.clear')}
                  </Button>
                }
              >
                {t('manage.noMatch.body')}
              </EmptyState>
            ) : (
              <EmptyState
                title={t('manage.empty.title')}
                action={
                  <Link to="/admin-override-booking" className={buttonClasses('primary')}>
                    {t('manage.empty.action')}
                  </Link>
                }
              >
                {t('manage.empty.body')}
              </EmptyState>
            )
          ) : (
            <>
              <BookingsTable bookings={list} timeZone={timeZone} onAction={setAction} />
              <ul className="flex flex-col gap-3 md:hidden">
                {list.map((booking) => (
                  <li key={booking.id}>
                    <BookingCard booking={booking} timeZone={timeZone} onAction={setAction} />
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
      </div>

      {action?.kind === 'cancel' ? <AdminCancelDialog key={action.booking.id} booking={action.booking} timeZone={timeZone} onClose={() => setAction(null)} /> : null}
      {action?.kind === 'move' ? <MoveBookingDialog key={action.booking.id} booking={action.booking} timeZone={timeZone} onClose={() => setAction(null)} /> : null}
    </section>
  );
}

function BookingFilters({ filters, onChange, onClear }: { filters: AdminBookingFilters; onChange: (changes: Partial<AdminBookingFilters>) => void; onClear: () => void }) {
  const { seasons } = useCurrentSeason();
  const teams = useTeams();
  const facilities = useFacilities({ includeInactive: true });
  const [q, setQ] = useState(filters.q);
  const { t } = useT('bookings-admin');

  return (
    <form
      role="search"
      aria-label={t('filters.label')}
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ q: q.trim() });
      }}
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <TextField
          label={t('filters.search')}
          type="search"
          className="flex-1"
          placeholder={t('filters.searchPlaceholder')}
          maxLength={100}
          value={q}
          onChange={(event) => setQ(event.target.value)}
        />
        <Button type="submit">{t('filters.search')}</Button>
      </div>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <SelectField label={t('filters.season')} value={filters.seasonId} onChange={(event) => onChange({ seasonId: event.target.value })}>
          <option value="">{t('filters.allSeasons')}</option>
          {seasons.map((season) => (
            <option key={season.id} value={season.id}>
              {season.name}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('filters.team')} value={filters.teamId} onChange={(event) => onChange({ teamId: event.target.value })}>
          <option value="">{t('filters.allTeams')}</option>
          {(teams.data ?? []).map((team) => (
            <option key={team.id} value={team.id}>
              {team.name}
            </option>
          ))}
        </SelectField>
        <FieldSelect facilities={facilities.data ?? []} value={filters.fieldId} onChange={(fieldId) => onChange({ fieldId })} />
        <SelectField label={t('filters.status')} value={filters.status} onChange={(event) => onChange({ status: event.target.value as AdminBookingFilters['status'] })}>
          <option value="">{t('filters.anyStatus')}</option>
          <option value="confirmed">{t('status.confirmed')}</option>
          <option value="cancelled">{t('status.cancelled')}</option>
        </SelectField>
        <TextField label={t('filters.from')} type="date" value={filters.from} max={filters.to || undefined} onChange={(event) => onChange({ from: event.target.value })} />
        <TextField label={t('filters.to')} type="date" value={filters.to} min={filters.from || undefined} onChange={(event) => onChange({ to: event.target.value })} />
      </div>
      {hasAnyFilter(filters) ? (
        <div>
          <Button variant="ghost" size="sm" className="border border-slate-300" onClick={onClear}>
            {t('filters.clear')}
          </Button>
        </div>
      ) : null}
    </form>
  );
}

interface RowProps {
  booking: Booking;
  timeZone: string;
  onAction: (action: Action) => void;
}

/** "Blue Jays on Tue Nov 24, 5:00 pm at Field 1": what a row's buttons act on, for screen readers. */
const subject = (t: Translate<'bookings-admin'>, booking: Booking, timeZone: string) =>
  t('row.subject', { team: booking.teamName, when: formatDateTime(booking.startsAt, timeZone), field: booking.fieldName });

function StatusCell({ booking }: { booking: Booking }) {
  const { t } = useT('bookings-admin');
  return booking.status === 'cancelled' ? (
    <div className="flex flex-col items-start gap-1">
      <Badge tone="danger">{t('status.cancelled')}</Badge>
      <span className="text-sm break-words text-slate-700">{booking.cancelReason ?? t('row.noReason')}</span>
    </div>
  ) : (
    <Badge tone="success">{t('status.confirmed')}</Badge>
  );
}

function OverrideCell({ booking }: { booking: Booking }) {
  const { t } = useT('bookings-admin');
  if (!booking.override) return <span className="text-slate-600">{t('row.notOverride')}</span>;
  return (
    <div className="flex flex-col items-start gap-1">
      <Badge tone="accent">{t('row.override')}</Badge>
      {booking.overrideReason ? <span className="text-sm break-words text-slate-700">{booking.overrideReason}</span> : null}
    </div>
  );
}

function RowActions({ booking, timeZone, onAction }: RowProps) {
  const { t } = useT('bookings-admin');
  if (booking.status !== 'confirmed') return null;
  const name = subject(t, booking, timeZone);
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" size="sm" onClick={() => onAction({ kind: 'move', booking })}>
        <RichText ns="bookings-admin" k="row.move" values={{ name }} components={{ 0: <span className="sr-only" /> }} />
      </Button>
      <Button variant="ghost" size="sm" className="border border-slate-300 text-danger-700 hover:bg-danger-50" onClick={() => onAction({ kind: 'cancel', booking })}>
        <RichText ns="bookings-admin" k="row.cancel" values={{ name }} components={{ 0: <span className="sr-only" /> }} />
      </Button>
    </div>
  );
}

function BookingsTable({ bookings, timeZone, onAction }: { bookings: readonly Booking[]; timeZone: string; onAction: (action: Action) => void }) {
  const { t } = useT('bookings-admin');
  return (
    <div className="hidden overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm md:block">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t('table.caption')}</caption>
        <thead className="bg-slate-100 text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-3 font-semibold">
              {t('table.when')}
            </th>
            <th scope="col" className="px-3 py-3 font-semibold">
              {t('filters.team')}
            </th>
            <th scope="col" className="px-3 py-3 font-semibold">
              {t('table.field')}
            </th>
            <th scope="col" className="px-3 py-3 font-semibold">
              {t('filters.status')}
            </th>
            <th scope="col" className="px-3 py-3 font-semibold">
              {t('table.bookedBy')}
            </th>
            <th scope="col" className="px-3 py-3 font-semibold">
              {t('row.override')}
            </th>
            <th scope="col" className="px-3 py-3 font-semibold">
              <span className="sr-only">{t('table.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {bookings.map((booking) => (
            <tr key={booking.id} className={booking.status === 'cancelled' ? 'bg-slate-50' : undefined}>
              <td className="px-3 py-3 align-top whitespace-nowrap text-slate-900">
                <span className="font-semibold">{formatWeekdayDayAt(booking.startsAt, timeZone)}</span>
                <span className="block text-slate-700">{formatTimeRangeShort(booking.startsAt, booking.endsAt, timeZone)}</span>
              </td>
              <th scope="row" className="px-3 py-3 align-top font-semibold text-slate-900">
                {booking.teamName}
              </th>
              <td className="px-3 py-3 align-top text-slate-900">
                {booking.fieldName}
                <span className="block text-slate-700">{booking.facilityName}</span>
              </td>
              <td className="px-3 py-3 align-top">
                <StatusCell booking={booking} />
              </td>
              <td className="px-3 py-3 align-top text-slate-800 [overflow-wrap:anywhere]">{booking.bookedByEmail ?? '—'}</td>
              <td className="px-3 py-3 align-top">
                <OverrideCell booking={booking} />
              </td>
              <td className="px-3 py-2 align-top">
                <RowActions booking={booking} timeZone={timeZone} onAction={onAction} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function BookingCard({ booking, timeZone, onAction }: RowProps) {
  const { t } = useT('bookings-admin');
  return (
    <article aria-label={subject(t, booking, timeZone)} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="font-semibold text-slate-900">
          {formatWeekdayDayAt(booking.startsAt, timeZone)}, {formatTimeRange(booking.startsAt, booking.endsAt, timeZone)}
        </h3>
        <StatusCell booking={booking} />
      </div>
      <p className="mt-1 text-slate-900">
        <span className="font-semibold">{booking.teamName}</span> · {booking.fieldName} · {booking.facilityName}
      </p>
      <p className="mt-1 text-sm text-slate-700 [overflow-wrap:anywhere]">
        {booking.bookedByEmail === null ? t('card.bookedByUnknown') : t('card.bookedBy', { email: booking.bookedByEmail })}
      </p>
      {booking.override ? (
        <p className="mt-1 text-sm text-slate-700">
          <Badge tone="accent">{t('row.override')}</Badge> {booking.overrideReason}
        </p>
      ) : null}
      <div className="mt-3">
        <RowActions booking={booking} timeZone={timeZone} onAction={onAction} />
      </div>
    </article>
  );
}
