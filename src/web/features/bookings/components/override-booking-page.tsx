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
import { RichText, useT } from '../../../lib/i18n';
import { useLiveSlots } from '../../../lib/live/use-live-slots';
import { describeSlot, initialWeekStart } from '../../../lib/slot-week';
import { useZodForm } from '../../../lib/use-zod-form';
import { bookedByOtherTeam, otherDivisionWarning, useOverrideBooking, type OverrideInput, type OverrideResult } from '../api/override-booking';
import { pickSeason, readBookFilters } from '../book-filters';
import { bumpQuestion, overrideMessage, teamWords } from '../booking-words';

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
  const { t } = useT('bookings-admin');
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

  const teamName = (id: string) => teams.data?.find((team) => team.id === id)?.name ?? t('override.theTeam');

  const done = (outcome: OverrideResult) => {
    setResult(outcome);
    setSelected(null);
    toast.success(overrideMessage(t, outcome, timeZone));
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
        setBump({ input, teamName: holder ?? selected?.teamName ?? t('override.theOtherTeam') });
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
    toast(t('override.keptInDivision'));
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
    toast(t('override.keptTheirs', { team: bump?.teamName ?? t('override.theOtherTeam') }));
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
        title={t('override.title')}
        description={t('override.description')}
      />
      <div className="flex flex-col gap-8">
        <section aria-labelledby="override-form-title" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
          <h2 id="override-form-title" className="text-xl font-bold text-primary-900">
            {t('override.details')}
          </h2>
          <form onSubmit={(event) => void onSubmit(event)} noValidate className="mt-4 flex flex-col gap-5">
            {formError ? <Alert>{formError}</Alert> : null}
            <ChosenSlot
              id={CHOSEN_SLOT_ID}
              slot={selected}
              timeZone={timeZone}
              error={errors.slotId?.message}
              emptyText={t('override.noSlot')}
              onClear={() => setSelected(null)}
            />
            <div className="grid gap-4 sm:grid-cols-[16rem_1fr]">
              <SelectField label={t('filters.team')} error={errors.teamId?.message} disabled={teams.isPending} {...register('teamId')}>
                <option value="">{teams.isPending ? t('override.loadingTeams') : t('override.chooseTeam')}</option>
                {(teams.data ?? []).map((team) => (
                  <option key={team.id} value={team.id}>
                    {team.division ? `${team.name} (${team.division})` : team.name}
                  </option>
                ))}
              </SelectField>
              <TextAreaField
                label={t('cancel.reason')}
                rows={2}
                maxLength={200}
                placeholder={t('override.reasonPlaceholder')}
                hint={t('override.reasonHint')}
                error={errors.reason?.message}
                {...register('reason')}
              />
            </div>
            <div>
              <Button type="submit" busy={isSubmitting || override.isPending}>
                {t('override.submit')}
              </Button>
            </div>
          </form>
        </section>

        {result ? (
          <Alert tone="success" title={t('override.resultTitle')}>
            <p>{overrideMessage(t, result, timeZone)}</p>
            {result.booking.overrideReason ? <p className="mt-1">{t('override.reasonShown', { reason: result.booking.overrideReason })}</p> : null}
            <p className="mt-1">
              <Link to={`/admin-manage-bookings?team=${encodeURIComponent(result.booking.teamId)}`} className="font-semibold underline underline-offset-4">
                {t('override.seeBookings', teamWords(result.booking.teamName))}
              </Link>
            </p>
          </Alert>
        ) : null}

        <div className="flex flex-col gap-3">
          <SelectField
            label={t('filters.season')}
            className="max-w-sm"
            hint={t('override.seasonHint')}
            value={season?.id ?? ''}
            onChange={(event) => jumpToSeason(event.target.value)}
          >
            {seasons.map((s) => (
              <option key={s.id} value={s.id}>
                {s.active ? t('season.active', { season: s.name }) : s.name}
              </option>
            ))}
          </SelectField>
          <SlotWeekList
            title={t('override.pickSlot')}
            description={t('override.pickSlotHint')}
            emptyHint={t('override.pickSlotEmpty')}
            selectedSlotId={selected?.id}
            renderActions={(slot, { past }) =>
              past || slot.status === 'blocked' ? null : (
                <Button variant={slot.id === selected?.id ? 'primary' : 'secondary'} size="sm" onClick={() => choose(slot)} aria-pressed={slot.id === selected?.id}>
                  <RichText ns="bookings-admin" k="override.select" values={{ slot: describeSlot(slot, timeZone) }} components={{ 0: <span className="sr-only" /> }} />
                </Button>
              )
            }
          />
        </div>
      </div>

      <ConfirmModal
        open={outside !== null}
        title={outside ? t('outside.title', teamWords(teamName(outside.input.teamId))) : t('outside.titleBare')}
        message={outside ? <p>{outside.warning}</p> : null}
        confirmLabel={t('outside.confirm')}
        cancelLabel={t('outside.cancel')}
        busy={override.isPending}
        onConfirm={confirmOutside}
        onCancel={keepInDivision}
      />

      <ConfirmModal
        open={bump !== null}
        title={bump ? t('bump.title', { team: bump.teamName }) : t('bump.titleBare')}
        message={bump ? <p>{bumpQuestion(t, bump.teamName, teamName(bump.input.teamId))}</p> : null}
        confirmLabel={t('bump.confirm')}
        cancelLabel={t('bump.cancel')}
        destructive
        busy={override.isPending}
        onConfirm={confirmBump}
        onCancel={keepTheirs}
      />
    </section>
  );
}
