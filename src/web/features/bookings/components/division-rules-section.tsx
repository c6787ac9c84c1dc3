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
import { countOf } from '../../../lib/count-words';
import { formatDateTime, formatDay } from '../../../lib/dates';
import { useZodForm } from '../../../lib/use-zod-form';
import { useDivisionRules } from '../api/get-division-rules';
import { useSaveDivisionRules } from '../api/save-division-rules';
import { DIVISION_RULE_FIELDS, divisionRulesFormSchema, SEASON_RULES_FORM, toDivisionRulesForm } from '../division-rules-form';

/** When the season's window opens and closes, in words, for "Empty: the season's …". */
function seasonWindow(season: Season, rules: BookingRules, timeZone: string) {
  return {
    opens: rules.windowOpensAt ? formatDateTime(rules.windowOpensAt, timeZone) : `the start of ${formatDay(season.startsOn)}`,
    closes: rules.windowClosesAt ? formatDateTime(rules.windowClosesAt, timeZone) : `the end of ${formatDay(season.endsOn)}`,
  };
}

/** A division's own rules other than its opening, in words ("3 per week · 1 per day"); empty when it has none. */
function ownRuleWords(rules: DivisionRules, timeZone: string): string[] {
  const words: string[] = [];
  if (rules.windowClosesAt) words.push(`booking closes ${formatDateTime(rules.windowClosesAt, timeZone)}`);
  if (rules.maxPerWeek !== null) words.push(`${rules.maxPerWeek} per week`);
  if (rules.maxPerDay !== null) words.push(`${rules.maxPerDay} per day`);
  if (rules.maxUpcoming !== null) words.push(`${rules.maxUpcoming} upcoming`);
  if (rules.minLeadHours !== null) words.push(`booked at least ${countOf(rules.minLeadHours, 'hour')} ahead`);
  if (rules.maxAheadDays !== null) words.push(`up to ${countOf(rules.maxAheadDays, 'day')} ahead`);
  return words;
}

/**
 * "Rules by division" on /admin-booking-control (issue 29): for the chosen season, each division's own rules where it
 * has any, else the season's. Its "Booking opens" is the staged opening: give 12U an earlier time and its teams book
 * before the others.
 */
export function DivisionRulesSection({ season, seasonRules, timeZone }: { season: Season; seasonRules: BookingRules; timeZone: string }) {
  const rules = useDivisionRules(season.id);
  const seasonTimes = seasonWindow(season, seasonRules, timeZone);
  return (
    <section aria-labelledby="division-rules-heading" className="flex flex-col gap-4">
      <div>
        <h2 id="division-rules-heading" className="text-xl font-bold text-primary-900">
          Rules by division
        </h2>
        <p className="text-sm text-slate-700">
          Each division follows the season’s rules above unless you set its own here. Leave a box empty for the season’s rule.
        </p>
      </div>
      {rules.isPending ? (
        <div className="flex flex-col gap-3" aria-hidden="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-28 w-full" />
          ))}
        </div>
      ) : rules.isError ? (
        <LoadErrorAlert title="The rules by division could not be loaded" message={rules.error.message} onRetry={() => rules.refetch()} />
      ) : rules.data.length === 0 ? (
        <EmptyState
          title="No divisions yet"
          action={
            <Link to="/admin-user-manager?tab=teams" className={buttonClasses('secondary')}>
              Add divisions
            </Link>
          }
        >
          Add the league’s divisions (8U, 10U, 12U…) on the Teams tab of Users and teams, then give each its own rules or booking opening here.
        </EmptyState>
      ) : (
        <>
          <Alert tone="info" title="Staged opening">
            To open booking to one division first, give it an earlier “Booking opens” time than the others (or the others a later one). The season’s
            window opens at {seasonTimes.opens}.
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
  const [opened, setOpened] = useState<'open' | 'closed' | 'never'>('never');
  const titleId = useId();
  const panelId = useId();
  const name = rules.divisionName;
  const seasonTimes = seasonWindow(season, seasonRules, timeZone);
  const own = ownRuleWords(rules, timeZone);
  return (
    <section aria-labelledby={titleId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={titleId} className="text-lg font-bold break-words text-primary-900">
              {name}
            </h3>
            {rules.windowOpensAt || own.length > 0 ? <Badge tone="accent">Own rules</Badge> : <Badge>Season’s rules</Badge>}
          </div>
          <p className="mt-1 text-slate-900">
            Booking opens:{' '}
            {rules.windowOpensAt ? (
              <strong>{formatDateTime(rules.windowOpensAt, timeZone)}</strong>
            ) : (
              <>
                <strong>{seasonTimes.opens}</strong> <span className="text-slate-700">(the season’s)</span>
              </>
            )}
          </p>
          <p className="text-sm text-slate-700">{own.length > 0 ? `Its own: ${own.join(' · ')}.` : 'Every other rule: the season’s.'}</p>
        </div>
        <Button variant="secondary" size="sm" aria-expanded={opened === 'open'} aria-controls={panelId} onClick={() => setOpened(opened === 'open' ? 'closed' : 'open')}>
          {opened === 'open' ? 'Close' : 'Edit'}
          <span className="sr-only"> the {name} rules</span>
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
  const save = useSaveDivisionRules();
  const schema = useMemo(() => divisionRulesFormSchema(timeZone), [timeZone]);
  const name = rules.divisionName;
  const seasonTimes = seasonWindow(season, seasonRules, timeZone);
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
      toast.success(none ? `${name} follows the season’s rules in ${season.name}.` : `Saved the ${name} rules for ${season.name}.`);
    } catch (err) {
      const message = showServerError(err);
      if (message) toast.error(message);
    }
  });

  const clearToSeason = () => {
    reset(SEASON_RULES_FORM, { keepDefaultValues: true });
    toast(`Every box is empty: ${name} takes the season’s rules once you save.`);
  };

  const number = { type: 'number', inputMode: 'numeric', min: 0, step: 1 } as const;
  const seasons = (n: number) => ({ placeholder: `Season’s: ${n}`, hint: `Empty: the season’s, ${n}.` });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="mt-4 flex flex-col gap-5 border-t border-slate-200 pt-4">
      {formError ? <Alert>{formError}</Alert> : null}
      <fieldset>
        <legend className="mb-2 font-semibold text-primary-900">Booking window</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Booking opens"
            type="datetime-local"
            hint={`${name}’s teams may book from then: earlier than the others opens ${name} first. Empty: the season’s, ${seasonTimes.opens}.`}
            error={errors.windowOpensAt?.message}
            {...register('windowOpensAt')}
          />
          <TextField
            label="Booking closes"
            type="datetime-local"
            hint={`Empty: the season’s, ${seasonTimes.closes}.`}
            error={errors.windowClosesAt?.message}
            {...register('windowClosesAt')}
          />
        </div>
      </fieldset>
      <fieldset>
        <legend className="mb-2 font-semibold text-primary-900">Limits per team</legend>
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField label="Max per team per week" {...number} {...seasons(seasonRules.maxPerWeek)} error={errors.maxPerWeek?.message} {...register('maxPerWeek')} />
          <TextField label="Max per team per day" {...number} {...seasons(seasonRules.maxPerDay)} error={errors.maxPerDay?.message} {...register('maxPerDay')} />
          <TextField label="Max upcoming per team" {...number} {...seasons(seasonRules.maxUpcoming)} error={errors.maxUpcoming?.message} {...register('maxUpcoming')} />
        </div>
      </fieldset>
      <fieldset>
        <legend className="mb-2 font-semibold text-primary-900">Booking ahead</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Minimum lead time (hours)" {...number} {...seasons(seasonRules.minLeadHours)} error={errors.minLeadHours?.message} {...register('minLeadHours')} />
          <TextField label="Furthest ahead (days)" {...number} {...seasons(seasonRules.maxAheadDays)} error={errors.maxAheadDays?.message} {...register('maxAheadDays')} />
        </div>
      </fieldset>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center">
        <Button type="submit" busy={isSubmitting}>
          Save {name} rules
        </Button>
        <Button variant="secondary" onClick={clearToSeason}>
          Use the season’s rules
        </Button>
        {isDirty ? <p className="text-sm text-slate-700 sm:ml-2">You have unsaved changes.</p> : null}
      </div>
    </form>
  );
}
