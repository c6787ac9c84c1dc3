import { useMemo, type ReactNode } from 'react';
import { toast } from '../../../lib/toast';
import { Link, useSearchParams } from 'react-router';
import { DEFAULT_BOOKING_RULES, type BookingRules } from '../../../../shared/bookings/booking-rules';
import type { Season } from '../../../../shared/seasons/seasons.schemas';
import { useCurrentSeason } from '../../../app/current-season/current-season-context';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { Skeleton } from '../../../components/ui/loading';
import { PageHeader } from '../../../components/ui/page-header';
import { SelectField } from '../../../components/ui/select-field';
import { SwitchField } from '../../../components/ui/switch-field';
import { TextField } from '../../../components/ui/text-field';
import { useLeague } from '../../../lib/api/get-league';
import { formatDay, timeZoneName } from '../../../lib/dates';
import { useZodForm } from '../../../lib/use-zod-form';
import { useBookingRules } from '../api/get-booking-rules';
import { useSaveBookingRules } from '../api/save-booking-rules';
import { pickSeason, readBookFilters } from '../book-filters';
import { RULE_FIELDS, rulesFormSchema, toRulesForm } from '../booking-rules-form';
import { DivisionRulesSection } from './division-rules-section';

/**
 * /admin-booking-control: one season's booking rules (product.md "Booking rules"), each division's own rules and
 * booking opening in it (issue 29), and below them what the router puts there for the chosen season (the opening
 * round, from its own feature).
 */
export function BookingRulesPage({ openingRound }: { openingRound?: (season: Season, timeZone: string) => ReactNode } = {}) {
  const [params, setParams] = useSearchParams();
  const { season: current, seasons, isLoading } = useCurrentSeason();
  const season = pickSeason(seasons, readBookFilters(params).season, current.id);
  const league = useLeague();
  const rules = useBookingRules(season?.id ?? null);
  const timeZone = league.data?.timeZone;

  return (
    <section>
      <PageHeader
        title="Booking rules"
        description="When coaches may book, how many practices a team may hold, and until when a coach may cancel. Each season has its own rules; admins are never bound by them."
      />
      {isLoading || league.isPending ? (
        <FormSkeleton />
      ) : !season ? (
        <EmptyState
          title="No seasons yet"
          action={
            <Link to="/admin-season-manager" className={buttonClasses('primary')}>
              Create a season
            </Link>
          }
        >
          Booking rules belong to a season. Create one first, then set its rules here.
        </EmptyState>
      ) : (
        <div className="flex flex-col gap-6">
          <SelectField
            label="Season"
            className="max-w-sm"
            value={season.id}
            onChange={(event) => void setParams({ season: event.target.value }, { replace: false })}
          >
            {seasons.map((s) => (
              <option key={s.id} value={s.id}>
                {s.active ? `${s.name} (active)` : s.name}
              </option>
            ))}
          </SelectField>
          {rules.isPending || !timeZone ? (
            <FormSkeleton />
          ) : rules.isError ? (
            <LoadErrorAlert title="The rules could not be loaded" message={rules.error.message} onRetry={() => rules.refetch()} />
          ) : (
            <>
              <RulesEditor key={`${season.id}|${timeZone}`} season={season} rules={rules.data} timeZone={timeZone} />
              <DivisionRulesSection key={`${season.id}|${timeZone}`} season={season} seasonRules={rules.data} timeZone={timeZone} />
            </>
          )}
          {openingRound && timeZone ? openingRound(season, timeZone) : null}
        </div>
      )}
    </section>
  );
}

function RulesEditor({ season, rules, timeZone }: { season: Season; rules: BookingRules; timeZone: string }) {
  const save = useSaveBookingRules();
  const schema = useMemo(() => rulesFormSchema(timeZone), [timeZone]);
  const {
    register,
    submit,
    formError,
    showServerError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useZodForm(schema, { defaultValues: toRulesForm(rules, timeZone), serverFields: RULE_FIELDS });

  const onSubmit = submit(async (values) => {
    try {
      const saved = await save.mutateAsync({ seasonId: season.id, rules: values });
      reset(toRulesForm(saved, timeZone));
      toast.success(`Saved the booking rules for ${season.name}.`);
    } catch (err) {
      const message = showServerError(err);
      if (message) toast.error(message);
    }
  });

  const fillDefaults = () => {
    reset(toRulesForm(DEFAULT_BOOKING_RULES, timeZone), { keepDefaultValues: true });
    toast('The league’s default rules are in the form. Save to use them.');
  };

  const number = { type: 'number', inputMode: 'numeric', min: 0, step: 1 } as const;

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-6">
      {formError ? <Alert>{formError}</Alert> : null}

      <fieldset className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <legend className="px-1 text-lg font-bold text-primary-900">Booking switch</legend>
        <div className="flex flex-col gap-4">
          <SwitchField label="Booking open" hint="Turn off to pause all booking by coaches in this season; they see the paused message." {...register('bookingOpen')} />
          <TextField
            label="Paused message"
            placeholder="Fields are being reseeded until March 10."
            hint="Coaches see “Booking is paused: …” with this message while booking is off."
            maxLength={200}
            autoComplete="off"
            error={errors.pausedMessage?.message}
            {...register('pausedMessage')}
          />
        </div>
      </fieldset>

      <fieldset className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <legend className="px-1 text-lg font-bold text-primary-900">Booking window</legend>
        <p className="mb-4 text-sm text-slate-700">
          League time: {timeZoneName(timeZone)} ({timeZone}). Leave empty to follow the season’s dates. A division can open earlier or later:
          see{' '}
          <a href="#division-rules-heading" className="font-medium text-primary-700 underline">
            Rules by division
          </a>
          .
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Window opens"
            type="datetime-local"
            hint={`Empty: the start of ${formatDay(season.startsOn)}, the season’s first day.`}
            error={errors.windowOpensAt?.message}
            {...register('windowOpensAt')}
          />
          <TextField
            label="Window closes"
            type="datetime-local"
            hint={`Empty: the end of ${formatDay(season.endsOn)}, the season’s last day.`}
            error={errors.windowClosesAt?.message}
            {...register('windowClosesAt')}
          />
        </div>
      </fieldset>

      <fieldset className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <legend className="px-1 text-lg font-bold text-primary-900">Limits per team</legend>
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField label="Max per team per week" hint="Monday to Sunday, league time." {...number} error={errors.maxPerWeek?.message} {...register('maxPerWeek')} />
          <TextField label="Max per team per day" {...number} error={errors.maxPerDay?.message} {...register('maxPerDay')} />
          <TextField label="Max upcoming per team" hint="Booked practices not yet started." {...number} error={errors.maxUpcoming?.message} {...register('maxUpcoming')} />
        </div>
      </fieldset>

      <fieldset className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <legend className="px-1 text-lg font-bold text-primary-900">Booking ahead</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Minimum lead time (hours)" hint="How long before the start booking closes." {...number} error={errors.minLeadHours?.message} {...register('minLeadHours')} />
          <TextField label="Furthest ahead (days)" hint="How far ahead a slot can be booked." {...number} error={errors.maxAheadDays?.message} {...register('maxAheadDays')} />
        </div>
      </fieldset>

      <fieldset className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <legend className="px-1 text-lg font-bold text-primary-900">Cancelling</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Coach cancellation cutoff (hours)"
            hint="Closer to the start, only an admin can cancel."
            {...number}
            error={errors.cancelCutoffHours?.message}
            {...register('cancelCutoffHours')}
          />
        </div>
      </fieldset>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center">
        <Button type="submit" busy={isSubmitting}>
          Save rules
        </Button>
        <Button variant="secondary" onClick={fillDefaults}>
          Use the defaults
        </Button>
        {isDirty ? <p className="text-sm text-slate-700 sm:ml-2">You have unsaved changes.</p> : null}
      </div>
    </form>
  );
}

function FormSkeleton() {
  return (
    <div className="flex flex-col gap-6" aria-hidden="true">
      {[0, 1, 2].map((i) => (
        <div key={i} className="rounded-xl border border-slate-200 bg-white p-6">
          <Skeleton className="h-6 w-40" />
          <Skeleton className="mt-4 h-11 w-full" />
          <Skeleton className="mt-3 h-11 w-full" />
        </div>
      ))}
    </div>
  );
}
