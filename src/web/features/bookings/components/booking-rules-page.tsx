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
import { RichText, useT } from '../../../lib/i18n';
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
  const { t } = useT('bookings-admin');
  const [params, setParams] = useSearchParams();
  const { season: current, seasons, isLoading } = useCurrentSeason();
  const season = pickSeason(seasons, readBookFilters(params).season, current.id);
  const league = useLeague();
  const rules = useBookingRules(season?.id ?? null);
  const timeZone = league.data?.timeZone;

  return (
    <section>
      <PageHeader
        title={t('rules.title')}
        description={t('rules.description')}
      />
      {isLoading || league.isPending ? (
        <FormSkeleton />
      ) : !season ? (
        <EmptyState
          title={t('rules.noSeasons.title')}
          action={
            <Link to="/admin-season-manager" className={buttonClasses('primary')}>
              {t('rules.noSeasons.action')}
            </Link>
          }
        >
          {t('rules.noSeasons.body')}
        </EmptyState>
      ) : (
        <div className="flex flex-col gap-6">
          <SelectField
            label={t('filters.season')}
            className="max-w-sm"
            value={season.id}
            onChange={(event) => void setParams({ season: event.target.value }, { replace: false })}
          >
            {seasons.map((s) => (
              <option key={s.id} value={s.id}>
                {s.active ? t('season.active', { season: s.name }) : s.name}
              </option>
            ))}
          </SelectField>
          {rules.isPending || !timeZone ? (
            <FormSkeleton />
          ) : rules.isError ? (
            <LoadErrorAlert title={t('rules.loadError')} message={rules.error.message} onRetry={() => rules.refetch()} />
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
  const { t } = useT('bookings-admin');
  const save = useSaveBookingRules();
  const schema = useMemo(() => rulesFormSchema(t, timeZone), [t, timeZone]);
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
      toast.success(t('rules.saved', { season: season.name }));
    } catch (err) {
      const message = showServerError(err);
      if (message) toast.error(message);
    }
  });

  const fillDefaults = () => {
    reset(toRulesForm(DEFAULT_BOOKING_RULES, timeZone), { keepDefaultValues: true });
    toast(t('rules.defaultsFilled'));
  };

  const number = { type: 'number', inputMode: 'numeric', min: 0, step: 1 } as const;

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-6">
      {formError ? <Alert>{formError}</Alert> : null}

      <fieldset className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <legend className="px-1 text-lg font-bold text-primary-900">{t('rules.switch')}</legend>
        <div className="flex flex-col gap-4">
          <SwitchField label={t('rules.bookingOpen')} hint={t('rules.bookingOpenHint')} {...register('bookingOpen')} />
          <TextField
            label={t('rules.pausedMessage')}
            placeholder={t('rules.pausedMessagePlaceholder')}
            hint={t('rules.pausedMessageHint')}
            maxLength={200}
            autoComplete="off"
            error={errors.pausedMessage?.message}
            {...register('pausedMessage')}
          />
        </div>
      </fieldset>

      <fieldset className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <legend className="px-1 text-lg font-bold text-primary-900">{t('rules.window')}</legend>
        <p className="mb-4 text-sm text-slate-700">
          <RichText
            ns="bookings-admin"
            k="rules.windowIntro"
            values={{ zoneName: timeZoneName(timeZone), zone: timeZone }}
            components={{ 0: <a href="#division-rules-heading" className="font-medium text-primary-700 underline" /> }}
          />
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('rules.windowOpens')}
            type="datetime-local"
            hint={t('rules.windowOpensHint', { day: formatDay(season.startsOn) })}
            error={errors.windowOpensAt?.message}
            {...register('windowOpensAt')}
          />
          <TextField
            label={t('rules.windowCloses')}
            type="datetime-local"
            hint={t('rules.windowClosesHint', { day: formatDay(season.endsOn) })}
            error={errors.windowClosesAt?.message}
            {...register('windowClosesAt')}
          />
        </div>
      </fieldset>

      <fieldset className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <legend className="px-1 text-lg font-bold text-primary-900">{t('rules.limits')}</legend>
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField label={t('rules.maxPerWeek')} hint={t('rules.maxPerWeekHint')} {...number} error={errors.maxPerWeek?.message} {...register('maxPerWeek')} />
          <TextField label={t('rules.maxPerDay')} {...number} error={errors.maxPerDay?.message} {...register('maxPerDay')} />
          <TextField label={t('rules.maxUpcoming')} hint={t('rules.maxUpcomingHint')} {...number} error={errors.maxUpcoming?.message} {...register('maxUpcoming')} />
        </div>
      </fieldset>

      <fieldset className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <legend className="px-1 text-lg font-bold text-primary-900">{t('rules.ahead')}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t('rules.minLead')} hint={t('rules.minLeadHint')} {...number} error={errors.minLeadHours?.message} {...register('minLeadHours')} />
          <TextField label={t('rules.maxAhead')} hint={t('rules.maxAheadHint')} {...number} error={errors.maxAheadDays?.message} {...register('maxAheadDays')} />
        </div>
      </fieldset>

      <fieldset className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <legend className="px-1 text-lg font-bold text-primary-900">{t('rules.cancelling')}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('rules.cancelCutoff')}
            hint={t('rules.cancelCutoffHint')}
            {...number}
            error={errors.cancelCutoffHours?.message}
            {...register('cancelCutoffHours')}
          />
        </div>
      </fieldset>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center">
        <Button type="submit" busy={isSubmitting}>
          {t('rules.save')}
        </Button>
        <Button variant="secondary" onClick={fillDefaults}>
          {t('rules.useDefaults')}
        </Button>
        {isDirty ? <p className="text-sm text-slate-700 sm:ml-2">{t('rules.unsaved')}</p> : null}
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
