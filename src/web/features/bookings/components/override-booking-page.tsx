import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { Link, useSearchParams } from 'react-router';
import { overrideRequestSchema } from '../../../../shared/bookings/bookings.schemas';
import type { Slot } from '../../../../shared/slots/slots.schemas';
import { useCurrentSeason } from '../../../app/current-season/current-season-context';
import { ChosenSlot, focusChosenSlot } from '../../../components/schedule/chosen-slot';
import { SlotWeekList } from '../../../components/schedule/slot-week-list';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { PageHeader } from '../../../components/ui/page-header';
import { SelectField } from '../../../components/ui/select-field';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { useLeagueTimeZone } from '../../../lib/api/get-league';
import { useTeams } from '../../../lib/api/get-teams';
import { todayInZone } from '../../../lib/dates';
import { useLiveSlots } from '../../../lib/live/use-live-slots';
import { describeSlot, initialWeekStart } from '../../../lib/slot-week';
import { useZodForm } from '../../../lib/use-zod-form';
import { bookedByOtherTeam, otherDivisionWarning, useOverrideBooking, type OverrideInput, type OverrideResult } from '../api/override-booking';
import { pickSeason, readBookFilters } from '../book-filters';
import { bumpQuestion, overrideMessage, possessive } from '../booking-words';

/** The form as typed; the slot is chosen in the week list and filled in on submit. */
interface OverrideForm {
  slotId: string;
  teamId: string;
  reason: string;
}

const FIELDS = ['slotId', 'teamId', 'reason'] as const;

const CHOSEN_SLOT_ID = 'override-slot';

/**
 * /admin-override-booking: book any open or booked slot for any team, outside the rules, with a reason.
 * When another team holds the slot the server refuses (409); the admin is asked whether to bump them. A field limited to
 * other divisions than the team's is refused the same way (409, FIELD_DIVISION, issue 29): the admin reads the server's
 * warning and confirms, and the booking is sent again with `allowOtherDivision` (then, if need be, the bump is asked).
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
  const [outside, setOutside] = useState<{ input: OverrideInput; warning: string } | null>(null);
  const [result, setResult] = useState<OverrideResult | null>(null);
  const {
    register,
    submit,
    formError,
    setFormError,
    showServerError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useZodForm(overrideRequestSchema, {
    defaultValues: { slotId: '', teamId: '', reason: '' },
    serverFields: FIELDS,
    fill: (values: OverrideForm) => ({ ...values, slotId: selected?.id ?? '', bump: false }),
  });

  const teamName = (id: string) => teams.data?.find((t) => t.id === id)?.name ?? 'the team';

  const done = (outcome: OverrideResult) => {
    setResult(outcome);
    setSelected(null);
    toast.success(overrideMessage(outcome, timeZone));
  };

  /** Sends the override; a refusal the admin may overrule (another division's field, another team's slot) asks first. */
  const send = async (input: OverrideInput) => {
    try {
      done(await override.mutateAsync(input));
    } catch (err) {
      const warning = otherDivisionWarning(err);
      if (warning !== undefined) {
        setOutside({ input, warning });
        return;
      }
      const holder = bookedByOtherTeam(err);
      if (holder !== undefined) {
        setBump({ input, teamName: holder ?? selected?.teamName ?? 'the other team' });
        return;
      }
      const message = showServerError(err);
      if (message) toast.error(message);
    }
  };

  const onSubmit = submit(async (values) => {
    setResult(null);
    await send({ slotId: values.slotId, teamId: values.teamId, reason: values.reason, bump: false });
  });

  const confirmOutside = () => {
    if (!outside) return;
    const input = { ...outside.input, allowOtherDivision: true };
    setOutside(null);
    void send(input);
  };

  const keepInDivision = () => {
    setOutside(null);
    toast('Nothing booked. Pick a slot on a field of the team’s division.');
  };

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
    focusChosenSlot(CHOSEN_SLOT_ID);
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
            <ChosenSlot
              id={CHOSEN_SLOT_ID}
              slot={selected}
              timeZone={timeZone}
              error={errors.slotId?.message}
              emptyText="No slot chosen yet: use “Select” on an open or booked slot in the week list below."
              onClear={() => setSelected(null)}
            />
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
        open={outside !== null}
        title={outside ? `Book outside ${possessive(teamName(outside.input.teamId))} division?` : 'Book outside the division?'}
        message={outside ? <p>{outside.warning}</p> : null}
        confirmLabel="Book outside their division"
        cancelLabel="Pick another slot"
        busy={override.isPending}
        onConfirm={confirmOutside}
        onCancel={keepInDivision}
      />

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
