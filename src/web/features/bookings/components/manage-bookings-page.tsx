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
  const timeZone = useLeagueTimeZone();
  const [params, setParams] = useSearchParams();
  const filters = parseAdminBookingFilters(params);
  const bookings = useAdminBookings(filters);
  const [action, setAction] = useState<Action>(null);

  const update = (changes: Partial<AdminBookingFilters>) => void setParams(withAdminBookingFilters(params, changes), { preventScrollReset: true });
  const clear = () => update({ bookingId: '', seasonId: '', teamId: '', fieldId: '', status: '', from: '', to: '', q: '' });
  const list = bookings.data ?? [];
  const count = `${list.length} booking${list.length === 1 ? '' : 's'}`;

  return (
    <section>
      <PageHeader title="Manage bookings" description="Find any booking, cancel it or move it to another open slot, and export what you see as CSV. Filters stay in the link, so a search can be shared." />
      <div className="flex flex-col gap-5">
        <BookingFilters key={filters.q} filters={filters} onChange={update} onClear={clear} />
        {filters.bookingId ? (
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-primary-200 bg-primary-50 px-4 py-3">
            <p className="text-slate-800">Showing the one booking you followed a link to.</p>
            <Button variant="secondary" size="sm" onClick={() => update({ bookingId: '' })}>
              Show all bookings
            </Button>
          </div>
        ) : null}

        <section aria-labelledby="results-heading" aria-busy={bookings.isFetching}>
          <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
            <h2 id="results-heading" className="text-xl font-bold text-primary-900">
              Bookings
            </h2>
            <div className="flex flex-wrap items-center gap-3">
              <p role="status" className="text-sm text-slate-700">
                {bookings.isPending ? 'Loading…' : `${count}${bookings.isFetching ? ' · updating…' : ''}`}
              </p>
              <a href={adminBookingsCsvHref(filters)} download className={buttonClasses('secondary', 'sm')}>
                Export CSV
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
            <LoadErrorAlert title="The bookings could not be loaded" message={bookings.error.message} onRetry={() => bookings.refetch()} />
          ) : list.length === 0 ? (
            hasAnyFilter(filters) ? (
              <EmptyState title="No bookings match these filters" action={<Button variant="secondary" onClick={clear}>Clear filters</Button>}>
                Widen the dates, pick another team or field, or clear the filters to see every booking.
              </EmptyState>
            ) : (
              <EmptyState
                title="No bookings yet"
                action={
                  <Link to="/admin-override-booking" className={buttonClasses('primary')}>
                    Book for a team
                  </Link>
                }
              >
                Coaches book on Book a Field; you can also book any slot for a team on Override booking.
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

  return (
    <form
      role="search"
      aria-label="Filter bookings"
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ q: q.trim() });
      }}
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <TextField
          label="Search"
          type="search"
          className="flex-1"
          placeholder="Team, field, facility or email"
          maxLength={100}
          value={q}
          onChange={(event) => setQ(event.target.value)}
        />
        <Button type="submit">Search</Button>
      </div>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <SelectField label="Season" value={filters.seasonId} onChange={(event) => onChange({ seasonId: event.target.value })}>
          <option value="">All seasons</option>
          {seasons.map((season) => (
            <option key={season.id} value={season.id}>
              {season.name}
            </option>
          ))}
        </SelectField>
        <SelectField label="Team" value={filters.teamId} onChange={(event) => onChange({ teamId: event.target.value })}>
          <option value="">All teams</option>
          {(teams.data ?? []).map((team) => (
            <option key={team.id} value={team.id}>
              {team.name}
            </option>
          ))}
        </SelectField>
        <FieldSelect facilities={facilities.data ?? []} value={filters.fieldId} onChange={(fieldId) => onChange({ fieldId })} />
        <SelectField label="Status" value={filters.status} onChange={(event) => onChange({ status: event.target.value as AdminBookingFilters['status'] })}>
          <option value="">Any status</option>
          <option value="confirmed">Confirmed</option>
          <option value="cancelled">Cancelled</option>
        </SelectField>
        <TextField label="From" type="date" value={filters.from} max={filters.to || undefined} onChange={(event) => onChange({ from: event.target.value })} />
        <TextField label="To" type="date" value={filters.to} min={filters.from || undefined} onChange={(event) => onChange({ to: event.target.value })} />
      </div>
      {hasAnyFilter(filters) ? (
        <div>
          <Button variant="ghost" size="sm" className="border border-slate-300" onClick={onClear}>
            Clear filters
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
const subject = (booking: Booking, timeZone: string) => `${booking.teamName} on ${formatDateTime(booking.startsAt, timeZone)} at ${booking.fieldName}`;

function StatusCell({ booking }: { booking: Booking }) {
  return booking.status === 'cancelled' ? (
    <div className="flex flex-col items-start gap-1">
      <Badge tone="danger">Cancelled</Badge>
      <span className="text-sm break-words text-slate-700">{booking.cancelReason ?? 'No reason given'}</span>
    </div>
  ) : (
    <Badge tone="success">Confirmed</Badge>
  );
}

function OverrideCell({ booking }: { booking: Booking }) {
  if (!booking.override) return <span className="text-slate-600">No</span>;
  return (
    <div className="flex flex-col items-start gap-1">
      <Badge tone="accent">Override</Badge>
      {booking.overrideReason ? <span className="text-sm break-words text-slate-700">{booking.overrideReason}</span> : null}
    </div>
  );
}

function RowActions({ booking, timeZone, onAction }: RowProps) {
  if (booking.status !== 'confirmed') return null;
  const name = subject(booking, timeZone);
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" size="sm" onClick={() => onAction({ kind: 'move', booking })}>
        Move{' '}<span className="sr-only">{name}</span>
      </Button>
      <Button variant="ghost" size="sm" className="border border-slate-300 text-danger-700 hover:bg-danger-50" onClick={() => onAction({ kind: 'cancel', booking })}>
        Cancel{' '}<span className="sr-only">{name}</span>
      </Button>
    </div>
  );
}

function BookingsTable({ bookings, timeZone, onAction }: { bookings: readonly Booking[]; timeZone: string; onAction: (action: Action) => void }) {
  return (
    <div className="hidden overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm md:block">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Bookings, latest first</caption>
        <thead className="bg-slate-100 text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-3 font-semibold">When</th>
            <th scope="col" className="px-3 py-3 font-semibold">Team</th>
            <th scope="col" className="px-3 py-3 font-semibold">Field</th>
            <th scope="col" className="px-3 py-3 font-semibold">Status</th>
            <th scope="col" className="px-3 py-3 font-semibold">Booked by</th>
            <th scope="col" className="px-3 py-3 font-semibold">Override</th>
            <th scope="col" className="px-3 py-3 font-semibold">
              <span className="sr-only">Actions</span>
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
  return (
    <article aria-label={subject(booking, timeZone)} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="font-semibold text-slate-900">
          {formatWeekdayDayAt(booking.startsAt, timeZone)}, {formatTimeRange(booking.startsAt, booking.endsAt, timeZone)}
        </h3>
        <StatusCell booking={booking} />
      </div>
      <p className="mt-1 text-slate-900">
        <span className="font-semibold">{booking.teamName}</span> · {booking.fieldName} · {booking.facilityName}
      </p>
      <p className="mt-1 text-sm text-slate-700 [overflow-wrap:anywhere]">Booked by {booking.bookedByEmail ?? 'unknown'}</p>
      {booking.override ? (
        <p className="mt-1 text-sm text-slate-700">
          <Badge tone="accent">Override</Badge> {booking.overrideReason}
        </p>
      ) : null}
      <div className="mt-3">
        <RowActions booking={booking} timeZone={timeZone} onAction={onAction} />
      </div>
    </article>
  );
}
