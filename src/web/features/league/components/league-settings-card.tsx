import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { leagueSettingsSchema, type LeagueSettings } from '../../../../shared/league/league.schemas';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/loading';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { browserTimeZone, timeZoneName, timeZoneOptions } from '../../../lib/dates';
import { applyServerErrors } from '../../../lib/form-errors';
import { useLeague } from '../api/get-league';
import { useUpdateLeague, type LeagueSettingsValues } from '../api/update-league';

type LeagueForm = z.input<typeof leagueSettingsSchema>;

const FIELDS = ['name', 'shortName', 'timeZone', 'contactEmail'] as const;

/** League name, short name, time zone and contact address, on the admin landing page. */
export function LeagueSettingsCard() {
  const league = useLeague();
  return (
    <Card aria-labelledby="league-settings-title" role="region">
      <h2 id="league-settings-title" className="text-lg font-semibold text-primary-900">
        League settings
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Every date and time in the app is shown in the league’s time zone, and weeks and days for the booking limits are counted in it.
      </p>
      {league.isPending ? (
        <div className="mt-4 grid gap-4 sm:grid-cols-2" aria-hidden="true">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-16 w-full" />
          ))}
        </div>
      ) : league.isError ? (
        <Alert className="mt-4" title="The league settings could not be loaded">
          <p>{league.error.message}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void league.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <LeagueSettingsForm league={league.data} />
      )}
    </Card>
  );
}

function LeagueSettingsForm({ league }: { league: LeagueSettings }) {
  const update = useUpdateLeague();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<LeagueForm, unknown, LeagueSettingsValues>({
    resolver: zodResolver(leagueSettingsSchema),
    defaultValues: { name: league.name, shortName: league.shortName, timeZone: league.timeZone, contactEmail: league.contactEmail ?? '' },
  });
  const zones = useMemo(() => timeZoneOptions(league.timeZone), [league.timeZone]);
  const chosenZone = useWatch({ control, name: 'timeZone' });
  const browserZone = browserTimeZone();

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const saved = await update.mutateAsync(values);
      reset({ name: saved.name, shortName: saved.shortName, timeZone: saved.timeZone, contactEmail: saved.contactEmail ?? '' });
      toast.success('League settings saved.');
    } catch (err) {
      setFormError(applyServerErrors(err, setError, FIELDS));
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="mt-4 flex flex-col gap-4">
      {formError ? <Alert>{formError}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="League name" autoComplete="organization" error={errors.name?.message} {...register('name')} />
        <TextField label="Short name" autoComplete="off" hint="Shown where space is tight, like CGSL." error={errors.shortName?.message} {...register('shortName')} />
        <SelectField
          label="Time zone"
          error={errors.timeZone?.message}
          hint={
            chosenZone
              ? `${timeZoneName(chosenZone)}${browserZone !== chosenZone ? ` (this browser is on ${browserZone})` : ''}`
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
          label="Contact email"
          type="email"
          autoComplete="email"
          hint="Where coaches and parents can write to the league. Leave empty for none."
          error={errors.contactEmail?.message}
          {...register('contactEmail')}
        />
      </div>
      <div>
        <Button type="submit" busy={isSubmitting} disabled={!isDirty}>
          Save league settings
        </Button>
      </div>
    </form>
  );
}
