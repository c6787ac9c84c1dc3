import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import { leagueSettingsSchema, type LeagueSettings } from '../../../../shared/league/league.schemas';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { Skeleton } from '../../../components/ui/loading';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useLeague } from '../../../lib/api/get-league';
import { browserTimeZone, timeZoneName, timeZoneOptions } from '../../../lib/dates';
import { useZodForm } from '../../../lib/use-zod-form';
import { useUpdateLeague } from '../api/update-league';
import { PasswordSignUpSwitch } from './password-sign-up-switch';
import { useT } from '../../../lib/i18n';

const FIELDS = ['name', 'shortName', 'timeZone', 'contactEmail', 'makeupDays', 'maxWaits', 'holdMinutes', 'swapsEnabled'] as const;

/**
 * League name, short name, time zone, contact address, how long make-up practices last, the waitlist's limits (how many
 * slots a team may wait on, how long a freed slot is held), whether coaches may swap practices (issue 29), and whether
 * visitors may sign up with a password, on the admin landing page.
 */
export function LeagueSettingsCard() {
  const { t } = useT('league');
  const league = useLeague();
  return (
    <Card aria-labelledby="league-settings-title" role="region">
      <h2 id="league-settings-title" className="text-lg font-semibold text-primary-900">
        {t('title')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t('intro')}</p>
      {league.isPending ? (
        <div className="mt-4 grid gap-4 sm:grid-cols-2" aria-hidden="true">
          {[0, 1, 2, 3, 4, 5, 6].map((i) => (
            <Skeleton key={i} className="h-16 w-full" />
          ))}
        </div>
      ) : league.isError ? (
        <LoadErrorAlert className="mt-4" title={t('loadFailed')} message={league.error.message} onRetry={() => league.refetch()} />
      ) : (
        <LeagueSettingsForm league={league.data} />
      )}
      <PasswordSignUpSwitch />
    </Card>
  );
}

const formValues = (league: LeagueSettings) => ({
  name: league.name,
  shortName: league.shortName,
  timeZone: league.timeZone,
  contactEmail: league.contactEmail ?? '',
  makeupDays: league.makeupDays,
  maxWaits: league.maxWaits,
  holdMinutes: league.holdMinutes,
  swapsEnabled: league.swapsEnabled,
});

function LeagueSettingsForm({ league }: { league: LeagueSettings }) {
  const { t } = useT('league');
  const update = useUpdateLeague();
  const {
    register,
    submit,
    formError,
    reset,
    control,
    formState: { errors, isSubmitting, isDirty },
  } = useZodForm(leagueSettingsSchema, {
    defaultValues: formValues(league),
    serverFields: FIELDS,
  });
  const zones = useMemo(() => timeZoneOptions(league.timeZone), [league.timeZone]);
  const chosenZone = useWatch({ control, name: 'timeZone' });
  const browserZone = browserTimeZone();

  const onSubmit = submit(async (values) => {
    const saved = await update.mutateAsync(values);
    reset(formValues(saved));
    toast.success(t('saved'));
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="mt-4 flex flex-col gap-4">
      {formError ? <Alert>{formError}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('name')} autoComplete="organization" error={errors.name?.message} {...register('name')} />
        <TextField label={t('shortName')} autoComplete="off" hint={t('shortNameHint')} error={errors.shortName?.message} {...register('shortName')} />
        <SelectField
          label={t('timeZone')}
          error={errors.timeZone?.message}
          hint={
            chosenZone
              ? browserZone !== chosenZone
                ? t('timeZoneHintBrowser', { zone: timeZoneName(chosenZone), browser: browserZone })
                : t('timeZoneHint', { zone: timeZoneName(chosenZone) })
              : undefined
          }
          {...register('timeZone')}
        >
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('contactEmail')}
          type="email"
          autoComplete="email"
          hint={t('contactEmailHint')}
          error={errors.contactEmail?.message}
          {...register('contactEmail')}
        />
        <TextField
          label={t('makeupDays')}
          type="number"
          inputMode="numeric"
          min={1}
          max={60}
          step={1}
          hint={t('makeupDaysHint')}
          error={errors.makeupDays?.message}
          {...register('makeupDays', { valueAsNumber: true })}
        />
        <TextField
          label={t('maxWaits')}
          type="number"
          inputMode="numeric"
          min={1}
          max={20}
          step={1}
          hint={t('maxWaitsHint')}
          error={errors.maxWaits?.message}
          {...register('maxWaits', { valueAsNumber: true })}
        />
        <TextField
          label={t('holdMinutes')}
          type="number"
          inputMode="numeric"
          min={10}
          max={1440}
          step={1}
          hint={t('holdMinutesHint')}
          error={errors.holdMinutes?.message}
          {...register('holdMinutes', { valueAsNumber: true })}
        />
      </div>
      <CheckboxField
        label={t('swaps')}
        hint={t('swapsHint')}
        {...register('swapsEnabled')}
      />
      <div>
        <Button type="submit" busy={isSubmitting} disabled={!isDirty}>
          {t('save')}
        </Button>
      </div>
    </form>
  );
}
