import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast';
import type { BookingRules } from '../../../../shared/bookings/booking-rules';
import type { DivisionRules } from '../../../../shared/divisions/divisions.schemas';
import type { Season } from '../../../../shared/seasons/seasons.schemas';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { Skeleton } from '../../../components/ui/loading';
import { TextField } from '../../../components/ui/text-field';
import { formatDateTime, formatDay } from '../../../lib/dates';
import { RichText, useT, type Translate } from '../../../lib/i18n';
import { useZodForm } from '../../../lib/use-zod-form';
import { useDivisionRules } from '../api/get-division-rules';
import { useSaveDivisionRules } from '../api/save-division-rules';
import { DIVISION_RULE_FIELDS, divisionRulesFormSchema, SEASON_RULES_FORM, toDivisionRulesForm } from '../division-rules-form';

type T = Translate<'bookings-admin'>;

/** When the season's window opens and closes, in words, for "Empty: the season's …". */
function seasonWindow(t: T, season: Season, rules: BookingRules, timeZone: string) {
  return {
    opens: rules.windowOpensAt ? formatDateTime(rules.windowOpensAt, timeZone) : t('division.seasonStart', { day: formatDay(season.startsOn) }),
    closes: rules.windowClosesAt ? formatDateTime(rules.windowClosesAt, timeZone) : t('division.seasonEnd', { day: formatDay(season.endsOn) }),
  };
}

/** A division's own rules other than its opening, in words ("3 per week · 1 per day"); empty when it has none. */
function ownRuleWords(t: T, rules: DivisionRules, timeZone: string): string[] {
  const words: string[] = [];
  if (rules.windowClosesAt) words.push(t('division.own.closes', { when: formatDateTime(rules.windowClosesAt, timeZone) }));
  if (rules.maxPerWeek !== null) words.push(t('division.own.perWeek', { count: rules.maxPerWeek }));
  if (rules.maxPerDay !== null) words.push(t('division.own.perDay', { count: rules.maxPerDay }));
  if (rules.maxUpcoming !== null) words.push(t('division.own.upcoming', { count: rules.maxUpcoming }));
  if (rules.minLeadHours !== null) words.push(t('division.own.lead', { count: rules.minLeadHours }));
  if (rules.maxAheadDays !== null) words.push(t('division.own.ahead', { count: rules.maxAheadDays }));
  return words;
}

/**
 * "Rules by division" on /admin-booking-control (issue 29): for the chosen season, each division's own rules where it
 * has any, else the season's. Its "Booking opens" is the staged opening: give 12U an earlier time and its teams book
 * before the others.
 */
export function DivisionRulesSection({ season, seasonRules, timeZone }: { season: Season; seasonRules: BookingRules; timeZone: string }) {
  const { t } = useT('bookings-admin');
  const rules = useDivisionRules(season.id);
  const seasonTimes = seasonWindow(t, season, seasonRules, timeZone);
  return (
    <section aria-labelledby="division-rules-heading" className="flex flex-col gap-4">
      <div>
        <h2 id="division-rules-heading" className="text-xl font-bold text-primary-900">
          {t('division.title')}
        </h2>
        <p className="text-sm text-slate-700">{t('division.intro')}</p>
      </div>
      {rules.isPending ? (
        <div className="flex flex-col gap-3" aria-hidden="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-28 w-full" />
          ))}
        </div>
      ) : rules.isError ? (
        <LoadErrorAlert title={t('division.loadError')} message={rules.error.message} onRetry={() => rules.refetch()} />
      ) : rules.data.length === 0 ? (
        <EmptyState
          title={t('division.empty.title')}
          action={
            <Link to="/admin-user-manager?tab=teams" className={buttonClasses('secondary')}>
              {t('division.empty.action')}
            </Link>
          }
        >
          {t('division.empty.body')}
        </EmptyState>
      ) : (
        <>
          <Alert tone="info" title={t('division.staged.title')}>
            {t('division.staged.body', { opens: seasonTimes.opens })}
          </Alert>
          <ul className="flex flex-col gap-3">
            {rules.data.map((division) => (
              <li key={division.divisionId}>
                <DivisionRulesCard season={season} seasonRules={seasonRules} rules={division} timeZone={timeZone} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function DivisionRulesCard({ season, seasonRules, rules, timeZone }: { season: Season; seasonRules: BookingRules; rules: DivisionRules; timeZone: string }) {
  const { t } = useT('bookings-admin');
  const [opened, setOpened] = useState<'open' | 'closed' | 'never'>('never');
  const titleId = useId();
  const panelId = useId();
  const name = rules.divisionName;
  const seasonTimes = seasonWindow(t, season, seasonRules, timeZone);
  const own = ownRuleWords(t, rules, timeZone);
  return (
    <section aria-labelledby={titleId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={titleId} className="text-lg font-bold break-words text-primary-900">
              {name}
            </h3>
            {rules.windowOpensAt || own.length > 0 ? <Badge tone="accent">{t('division.ownBadge')}</Badge> : <Badge>{t('division.seasonBadge')}</Badge>}
          </div>
          <p className="mt-1 text-slate-900">
            {rules.windowOpensAt ? (
              <RichText ns="bookings-admin" k="division.opensOwn" values={{ when: formatDateTime(rules.windowOpensAt, timeZone) }} components={{ 0: <strong /> }} />
            ) : (
              <RichText
                ns="bookings-admin"
                k="division.opensSeason"
                values={{ when: seasonTimes.opens }}
                components={{ 0: <strong />, 1: <span className="text-slate-700" /> }}
              />
            )}
          </p>
          <p className="text-sm text-slate-700">{own.length > 0 ? t('division.ownList', { rules: own.join(' · ') }) : t('division.noOwn')}</p>
        </div>
        <Button variant="secondary" size="sm" aria-expanded={opened === 'open'} aria-controls={panelId} onClick={() => setOpened(opened === 'open' ? 'closed' : 'open')}>
          <RichText ns="bookings-admin" k={opened === 'open' ? 'division.close' : 'division.edit'} values={{ name }} components={{ 0: <span className="sr-only" /> }} />
        </Button>
      </div>
      {/* Once opened the form stays mounted, hidden when closed, so what was typed survives closing it. */}
      <div id={panelId} hidden={opened !== 'open'}>
        {opened === 'never' ? null : <DivisionRulesEditor season={season} seasonRules={seasonRules} rules={rules} timeZone={timeZone} />}
      </div>
    </section>
  );
}

function DivisionRulesEditor({ season, seasonRules, rules, timeZone }: { season: Season; seasonRules: BookingRules; rules: DivisionRules; timeZone: string }) {
  const { t } = useT('bookings-admin');
  const save = useSaveDivisionRules();
  const schema = useMemo(() => divisionRulesFormSchema(t, timeZone), [t, timeZone]);
  const name = rules.divisionName;
  const seasonTimes = seasonWindow(t, season, seasonRules, timeZone);
  const {
    register,
    submit,
    formError,
    showServerError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useZodForm(schema, { defaultValues: toDivisionRulesForm(rules, timeZone), serverFields: DIVISION_RULE_FIELDS });

  const onSubmit = submit(async (values) => {
    try {
      const saved = await save.mutateAsync({ seasonId: season.id, divisionId: rules.divisionId, rules: values });
      reset(toDivisionRulesForm(saved, timeZone));
      const none = Object.values(values).every((v) => v === null);
      toast.success(none ? t('division.savedNone', { division: name, season: season.name }) : t('division.saved', { division: name, season: season.name }));
    } catch (err) {
      const message = showServerError(err);
      if (message) toast.error(message);
    }
  });

  const clearToSeason = () => {
    reset(SEASON_RULES_FORM, { keepDefaultValues: true });
    toast(t('division.cleared', { division: name }));
  };

  const number = { type: 'number', inputMode: 'numeric', min: 0, step: 1 } as const;
  const seasons = (n: number) => ({ placeholder: t('division.seasonValue', { value: n }), hint: t('division.seasonValueHint', { value: n }) });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="mt-4 flex flex-col gap-5 border-t border-slate-200 pt-4">
      {formError ? <Alert>{formError}</Alert> : null}
      <fieldset>
        <legend className="mb-2 font-semibold text-primary-900">{t('rules.window')}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('division.opens')}
            type="datetime-local"
            hint={t('division.opensHint', { division: name, season: seasonTimes.opens })}
            error={errors.windowOpensAt?.message}
            {...register('windowOpensAt')}
          />
          <TextField
            label={t('division.closes')}
            type="datetime-local"
            hint={t('division.seasonValueHint', { value: seasonTimes.closes })}
            error={errors.windowClosesAt?.message}
            {...register('windowClosesAt')}
          />
        </div>
      </fieldset>
      <fieldset>
        <legend className="mb-2 font-semibold text-primary-900">{t('rules.limits')}</legend>
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField label={t('rules.maxPerWeek')} {...number} {...seasons(seasonRules.maxPerWeek)} error={errors.maxPerWeek?.message} {...register('maxPerWeek')} />
          <TextField label={t('rules.maxPerDay')} {...number} {...seasons(seasonRules.maxPerDay)} error={errors.maxPerDay?.message} {...register('maxPerDay')} />
          <TextField label={t('rules.maxUpcoming')} {...number} {...seasons(seasonRules.maxUpcoming)} error={errors.maxUpcoming?.message} {...register('maxUpcoming')} />
        </div>
      </fieldset>
      <fieldset>
        <legend className="mb-2 font-semibold text-primary-900">{t('rules.ahead')}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t('rules.minLead')} {...number} {...seasons(seasonRules.minLeadHours)} error={errors.minLeadHours?.message} {...register('minLeadHours')} />
          <TextField label={t('rules.maxAhead')} {...number} {...seasons(seasonRules.maxAheadDays)} error={errors.maxAheadDays?.message} {...register('maxAheadDays')} />
        </div>
      </fieldset>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center">
        <Button type="submit" busy={isSubmitting}>
          {t('division.save', { division: name })}
        </Button>
        <Button variant="secondary" onClick={clearToSeason}>
          {t('division.useSeason')}
        </Button>
        {isDirty ? <p className="text-sm text-slate-700 sm:ml-2">{t('rules.unsaved')}</p> : null}
      </div>
    </form>
  );
}
