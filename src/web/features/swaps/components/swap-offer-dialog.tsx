import { useId, useState } from 'react';
import type { Booking } from '../../../../shared/bookings/bookings.schemas';
import { MAX_WANTED, swapOfferRequestSchema, type SwapKind, type SwapOfferRequest } from '../../../../shared/swaps/swaps.schemas';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/field-shell';
import { Skeleton } from '../../../components/ui/loading';
import { Modal } from '../../../components/ui/modal';
import { SelectField } from '../../../components/ui/select-field';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { ApiError } from '../../../lib/api-client';
import { cx } from '../../../lib/cx';
import { validationMessage } from '../../../lib/form-errors';
import { RichText, useT } from '../../../lib/i18n';
import { useSwapChoices } from '../api/get-swap-choices';
import { useOfferSwap } from '../api/offer-swap';
import { practicePlace, practiceTimes, teamWords, wantedHint } from '../swap-words';

export type OfferedPractice = Pick<Booking, 'id' | 'startsAt' | 'endsAt' | 'fieldName' | 'facilityName'>;

const KINDS: Array<{ value: SwapKind; label: 'dialog.kindSwap' | 'dialog.kindGive' }> = [
  { value: 'swap', label: 'dialog.kindSwap' },
  { value: 'give', label: 'dialog.kindGive' },
];

type Errors = Partial<Record<'team' | 'wanted' | 'note', string>>;

/**
 * The coach offers one of the team's practices to another team: in trade (for one of that team's practices, checked
 * from its list: one = that one, several = "any of these") or as a gift; with an optional note. The other team's coach
 * is emailed and answers on My Reservations. `onSent` gets the team's name once the offer is made.
 */
export function SwapOfferDialog({
  booking,
  timeZone,
  userId,
  open,
  onClose,
  onSent,
}: {
  booking: OfferedPractice;
  timeZone: string;
  userId: string | null;
  open: boolean;
  onClose: () => void;
  onSent: (teamName: string) => void;
}) {
  const { t } = useT('swaps');
  const { t: tValidation } = useT('validation');
  const offer = useOfferSwap();
  const [kind, setKind] = useState<SwapKind>('swap');
  const [teamId, setTeamId] = useState('');
  const [wanted, setWanted] = useState<string[]>([]);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const wantedErrorId = useId();
  const wantedHintId = useId();
  const teams = useSwapChoices(null, userId, open);
  const theirs = useSwapChoices(teamId || null, userId, open && kind === 'swap' && Boolean(teamId));
  const team = teams.data?.teams.find((option) => option.id === teamId) ?? null;
  const full = wanted.length >= MAX_WANTED;

  const close = () => {
    if (offer.isPending) return;
    onClose();
  };

  const chooseTeam = (id: string) => {
    setTeamId(id);
    setWanted([]);
    setErrors((e) => ({ ...e, team: undefined, wanted: undefined }));
  };

  const toggle = (bookingId: string, checked: boolean) => {
    setWanted((list) => (checked ? [...list, bookingId] : list.filter((id) => id !== bookingId)));
    setErrors((e) => ({ ...e, wanted: undefined }));
  };

  const submit = () => {
    setFormError(null);
    if (!team) {
      setErrors({ team: kind === 'give' ? t('dialog.chooseGive') : t('dialog.chooseTrade') });
      return;
    }
    const request: SwapOfferRequest =
      kind === 'swap'
        ? { kind, bookingId: booking.id, wantedBookingIds: wanted, note: note.trim() || undefined }
        : { kind, bookingId: booking.id, toTeamId: team.id, note: note.trim() || undefined };
    const parsed = swapOfferRequestSchema.safeParse(request);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] === 'wantedBookingIds' ? 'wanted' : issue.path[0] === 'note' ? 'note' : 'team';
        // The shared schema's words, in the person's language (the `validation` catalogue).
        next[key] ??= validationMessage(issue.message, tValidation);
      }
      setErrors(next);
      return;
    }
    offer.mutate(parsed.data, {
      onSuccess: (made) => onSent(made.toTeam.name),
      onError: (err) => {
        const fields = err instanceof ApiError ? err.fieldErrors : {};
        setErrors({ wanted: fields.wantedBookingIds, team: fields.toTeamId, note: fields.note });
        setFormError(err.message);
        // A practice asked for may have just gone: its list is read again.
        if (kind === 'swap') void theirs.refetch();
      },
    });
  };

  return (
    <Modal open={open} title={t('dialog.title')} onClose={close}>
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <p className="text-slate-700">
          <RichText
            ns="swaps"
            k="dialog.yourPractice"
            values={{ times: practiceTimes(booking, timeZone), place: practicePlace(booking) }}
            components={{ 0: <span className="font-semibold text-primary-900" /> }}
          />
        </p>
        {formError ? <Alert>{formError}</Alert> : null}

        <fieldset>
          <legend className="mb-2 text-sm font-semibold text-slate-800">{t('dialog.kind')}</legend>
          <div className="flex flex-col gap-2 sm:flex-row">
            {KINDS.map((k) => (
              <label
                key={k.value}
                className="flex min-h-11 flex-1 cursor-pointer items-center gap-3 rounded-lg border border-slate-300 px-3 py-2 text-slate-900 has-checked:border-primary-800 has-checked:bg-primary-50"
              >
                <input
                  type="radio"
                  name="swap-kind"
                  value={k.value}
                  checked={kind === k.value}
                  onChange={() => {
                    setKind(k.value);
                    setErrors({});
                  }}
                  className="size-5 shrink-0 accent-primary-800"
                />
                <span className="font-medium">{t(k.label)}</span>
              </label>
            ))}
          </div>
        </fieldset>

        {teams.isError ? (
          <Alert title={t('dialog.teamsError')}>
            <p>{teams.error.message}</p>
          </Alert>
        ) : (
          <SelectField
            label={kind === 'give' ? t('dialog.giveTo') : t('dialog.tradeWith')}
            value={teamId}
            disabled={teams.isPending}
            error={errors.team}
            onChange={(event) => chooseTeam(event.target.value)}
          >
            <option value="">{teams.isPending ? t('dialog.loadingTeams') : t('dialog.chooseTeam')}</option>
            {(teams.data?.teams ?? []).map((option) => (
              <option key={option.id} value={option.id}>
                {option.division ? `${option.name} (${option.division})` : option.name}
              </option>
            ))}
          </SelectField>
        )}

        {kind === 'give' ? (
          <p className="-mt-2 text-sm text-slate-700">{team ? t('dialog.giveHintTeam', { team: team.name }) : t('dialog.giveHint')}</p>
        ) : null}

        {kind === 'swap' && team ? (
          <fieldset aria-describedby={errors.wanted ? `${wantedHintId} ${wantedErrorId}` : wantedHintId}>
            <legend className="text-sm font-semibold text-slate-800">{t('dialog.wantedLegend', teamWords(team.name))}</legend>
            <p id={wantedHintId} className="text-sm text-slate-600">
              {full ? t('dialog.atMost', { max: MAX_WANTED }) : wantedHint(t, wanted.length, team.name)}
            </p>
            {theirs.isPending ? (
              <div className="mt-2 flex flex-col gap-2" aria-hidden="true">
                <Skeleton className="h-11 w-full" />
                <Skeleton className="h-11 w-full" />
              </div>
            ) : theirs.isError ? (
              <Alert className="mt-2" title={t('dialog.theirsError', teamWords(team.name))}>
                <p>{theirs.error.message}</p>
              </Alert>
            ) : theirs.data.practices.length === 0 ? (
              <p className="mt-2 rounded-lg border-2 border-dashed border-slate-300 px-4 py-4 text-center text-slate-700">
                {t('dialog.noneToTrade', { team: team.name })}
              </p>
            ) : (
              <div className="mt-2 flex max-h-72 flex-col gap-1 overflow-y-auto rounded-lg border border-slate-200 p-2">
                {theirs.data.practices.map((p) => {
                  const checked = wanted.includes(p.bookingId);
                  return (
                    <label
                      key={p.bookingId}
                      className={cx(
                        'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border px-3 py-2 text-slate-900',
                        checked ? 'border-primary-700 bg-primary-50' : 'border-slate-200 hover:bg-slate-50',
                      )}
                    >
                      <input
                        type="checkbox"
                        checked={checked}
                        disabled={!checked && full}
                        onChange={(event) => toggle(p.bookingId, event.target.checked)}
                        className="size-5 shrink-0 rounded accent-primary-800"
                      />
                      <span>
                        <span className="font-semibold">{practiceTimes(p, timeZone)}</span>{' '}
                        <span className="block text-sm text-slate-700">{practicePlace(p)}</span>
                      </span>
                    </label>
                  );
                })}
              </div>
            )}
            <FieldError id={wantedErrorId} message={errors.wanted} />
          </fieldset>
        ) : null}

        <TextAreaField
          label={t('dialog.note')}
          hint={t('dialog.noteHint')}
          maxLength={200}
          rows={2}
          value={note}
          error={errors.note}
          onChange={(event) => setNote(event.target.value)}
        />

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close} disabled={offer.isPending}>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit" busy={offer.isPending}>
            {t('dialog.send')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
