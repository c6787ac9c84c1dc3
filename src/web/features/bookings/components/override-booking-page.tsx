import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { overrideRequestSchema } from '../../../../shared/bookings/bookings.schemas';
import type { Slot } from '../../../../shared/slots/slots.schemas';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { PageHeader } from '../../../components/ui/page-header';
import { SelectField } from '../../../components/ui/select-field';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { FieldError } from '../../../components/ui/field-shell';
import { cx } from '../../../lib/cx';
import { formatDateTimeRange, todayInZone } from '../../../lib/dates';
import { applyServerErrors } from '../../../lib/form-errors';
import { useLeagueTimeZone } from '../../league/api/get-league';
import { useCurrentSeason } from '../../seasons/current-season-context';
import { SlotStatus } from '../../slots/components/slot-status';
import { SlotWeekList } from '../../slots/components/slot-week-list';
import { describeSlot, initialWeekStart } from '../../slots/slot-week';
import { useTeams } from '../../teams/api/get-teams';
import { bookedByOtherTeam, useOverrideBooking, type OverrideInput, type OverrideResult } from '../api/override-booking';
import { useLiveSlots } from '../api/use-live-slots';
import { pickSeason, readBookFilters } from '../book-filters';
import { bumpQuestion, overrideMessage, possessive } from '../booking-words';

/** The form as typed; the slot is chosen in the week list and filled in on submit. */
interface OverrideForm {
  slotId: string;
  teamId: string;
  reason: string;
}

const FIELDS = ['slotId', 'teamId', 'reason'] as const;

/**
 * /admin-override-booking: book any open or booked slot for any team, outside the rules, with a reason.
 * When another team holds the slot the server refuses (409); the admin is asked whether to bump them.
 */
export function OverrideBookingPage() {
  useLiveSlots();
  const timeZone = useLeagueTimeZone();
  const teams = useTeams();
  const [params, setParams] = useSearchParams();
  const { seasons, season: current } = useCurrentSeason();
  const season = pickSeason(seasons, readBookFilters(params).season, current.id);
  const override = useOverrideBooking();
  const [selected, setSelected] = useState<Slot | null>(null);
  const [bump, setBump] = useState<{ input: OverrideInput; teamName: string } | null>(null);
  const [result, setResult] = useState<OverrideResult | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const resolver = useMemo<Resolver<OverrideForm, unknown, z.output<typeof overrideRequestSchema>>>(() => {
    const resolve = zodResolver(overrideRequestSchema);
    return (values, context, options) => resolve({ ...values, slotId: selected?.id ?? '', bump: false }, context, options);
  }, [selected]);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<OverrideForm, unknown, z.output<typeof overrideRequestSchema>>({ resolver, defaultValues: { slotId: '', teamId: '', reason: '' } });
  const slotError = errors.slotId?.message;

  const teamName = (id: string) => teams.data?.find((t) => t.id === id)?.name ?? 'the team';

  const done = (outcome: OverrideResult) => {
    setResult(outcome);
    setSelected(null);
    toast.success(overrideMessage(outcome, timeZone));
  };

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setResult(null);
    const input: OverrideInput = { slotId: values.slotId, teamId: values.teamId, reason: values.reason, bump: false };
    try {
      done(await override.mutateAsync(input));
    } catch (err) {
      const holder = bookedByOtherTeam(err);
      if (holder !== undefined) {
        setBump({ input, teamName: holder ?? selected?.teamName ?? 'the other team' });
        return;
      }
      const message = applyServerErrors(err, setError, FIELDS);
      setFormError(message);
      if (message) toast.error(message);
    }
  });

  const confirmBump = () => {
    if (!bump) return;
    override.mutate(
      { ...bump.input, bump: true },
      {
        onSuccess: (outcome) => {
          setBump(null);
          done(outcome);
        },
        onError: (err) => {
          setBump(null);
          setFormError(err.message);
          toast.error(err.message);
        },
      },
    );
  };

  const keepTheirs = () => {
    setBump(null);
    toast(`Nothing changed: ${bump?.teamName ?? 'the other team'} keeps the slot.`);
  };

  const choose = (slot: Slot) => {
    setSelected(slot);
    clearErrors();
    requestAnimationFrame(() => {
      const chosen = document.getElementById('override-slot');
      chosen?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
      chosen?.focus({ preventScroll: true });
    });
  };

  const jumpToSeason = (id: string) => {
    const next = seasons.find((s) => s.id === id);
    const week = next ? initialWeekStart(null, todayInZone(timeZone), next) : '';
    const changed = new URLSearchParams(params);
    changed.set('season', id);
    changed.delete('day');
    if (week) changed.set('week', week);
    void setParams(changed, { preventScrollReset: true });
  };

  return (
    <section>
      <PageHeader
        title="Override booking"
        description="Book any slot for any team, outside the booking rules. A reason is required: it goes into the audit log and to any coach affected."
      />
      <div className="flex flex-col gap-8">
        <section aria-labelledby="override-form-title" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
          <h2 id="override-form-title" className="text-xl font-bold text-primary-900">
            Override details
          </h2>
          <form onSubmit={(event) => void onSubmit(event)} noValidate className="mt-4 flex flex-col gap-5">
            {formError ? <Alert>{formError}</Alert> : null}
            <div>
              <p id="override-slot-label" className="mb-1 text-sm font-semibold text-slate-800">
                Slot
              </p>
              <div
                id="override-slot"
                tabIndex={-1}
                aria-labelledby="override-slot-label override-slot-text"
                aria-describedby={slotError ? 'override-slot-error' : undefined}
                className={cx('rounded-lg border px-3 py-3', slotError ? 'border-danger-600' : 'border-slate-300', selected ? 'bg-primary-50' : 'border-dashed bg-slate-50')}
              >
                {selected ? (
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <p id="override-slot-text" className="text-slate-900">
                      <span className="font-semibold">{formatDateTimeRange(selected.startsAt, selected.endsAt, timeZone)}</span> at {selected.fieldName} · {selected.facilityName}{' '}
                      <SlotStatus slot={selected} />
                    </p>
                    <Button variant="ghost" size="sm" onClick={() => setSelected(null)}>
                      Clear
                    </Button>
                  </div>
                ) : (
                  <p id="override-slot-text" className="text-slate-700">
                    No slot chosen yet: use “Select” on an open or booked slot in the week list below.
                  </p>
                )}
              </div>
              <FieldError id="override-slot-error" message={slotError} />
            </div>
            <div className="grid gap-4 sm:grid-cols-[16rem_1fr]">
              <SelectField label="Team" error={errors.teamId?.message} disabled={teams.isPending} {...register('teamId')}>
                <option value="">{teams.isPending ? 'Loading teams…' : 'Choose a team'}</option>
                {(teams.data ?? []).map((team) => (
                  <option key={team.id} value={team.id}>
                    {team.division ? `${team.name} (${team.division})` : team.name}
                  </option>
                ))}
              </SelectField>
              <TextAreaField
                label="Reason"
                rows={2}
                maxLength={200}
                placeholder="Make-up practice after the rain-out"
                hint="Required. Recorded in the audit log and sent to a bumped coach."
                error={errors.reason?.message}
                {...register('reason')}
              />
            </div>
            <div>
              <Button type="submit" busy={isSubmitting || override.isPending}>
                Book for team
              </Button>
            </div>
          </form>
        </section>

        {result ? (
          <Alert tone="success" title="Override booked">
            <p>{overrideMessage(result, timeZone)}</p>
            {result.booking.overrideReason ? <p className="mt-1">Reason: {result.booking.overrideReason}</p> : null}
            <p className="mt-1">
              <Link to={`/admin-manage-bookings?team=${encodeURIComponent(result.booking.teamId)}`} className="font-semibold underline underline-offset-4">
                See {possessive(result.booking.teamName)} bookings
              </Link>
            </p>
          </Alert>
        ) : null}

        <div className="flex flex-col gap-3">
          <SelectField
            label="Season"
            className="max-w-sm"
            hint="Jumps the week list to the season: this week if it is under way, else its first week."
            value={season?.id ?? ''}
            onChange={(event) => jumpToSeason(event.target.value)}
          >
            {seasons.map((s) => (
              <option key={s.id} value={s.id}>
                {s.active ? `${s.name} (active)` : s.name}
              </option>
            ))}
          </SelectField>
          <SlotWeekList
            title="Pick a slot"
            description="Open and booked slots can be chosen; booking over another team asks before bumping them."
            emptyHint="Choose another week, or generate slots on the Slots page."
            selectedSlotId={selected?.id}
            renderActions={(slot, { past }) =>
              past || slot.status === 'blocked' ? null : (
                <Button variant={slot.id === selected?.id ? 'primary' : 'secondary'} size="sm" onClick={() => choose(slot)} aria-pressed={slot.id === selected?.id}>
                  Select{' '}<span className="sr-only">{describeSlot(slot, timeZone)}</span>
                </Button>
              )
            }
          />
        </div>
      </div>

      <ConfirmModal
        open={bump !== null}
        title={bump ? `Bump ${bump.teamName}?` : 'Bump?'}
        message={
          bump ? (
            <p>
              {bumpQuestion(bump.teamName)} The slot then goes to {teamName(bump.input.teamId)}.
            </p>
          ) : null
        }
        confirmLabel="Bump and book"
        cancelLabel="Keep their booking"
        destructive
        busy={override.isPending}
        onConfirm={confirmBump}
        onCancel={keepTheirs}
      />
    </section>
  );
}
