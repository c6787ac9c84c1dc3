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
import { useSwapChoices } from '../api/get-swap-choices';
import { useOfferSwap } from '../api/offer-swap';
import { possessive, practicePlace, practiceTimes, wantedHint } from '../swap-words';

export type OfferedPractice = Pick<Booking, 'id' | 'startsAt' | 'endsAt' | 'fieldName' | 'facilityName'>;

const KINDS: Array<{ value: SwapKind; label: string }> = [
  { value: 'swap', label: 'Trade for one of theirs' },
  { value: 'give', label: 'Give it away' },
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
  const team = teams.data?.teams.find((t) => t.id === teamId) ?? null;
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
      setErrors({ team: kind === 'give' ? 'Choose the team to give it to' : 'Choose the team to trade with' });
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
        next[key] ??= issue.message;
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
    <Modal open={open} title="Offer a swap" onClose={close}>
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <p className="text-slate-700">
          Your practice: <span className="font-semibold text-primary-900">{practiceTimes(booking, timeZone)}</span> · {practicePlace(booking)}
        </p>
        {formError ? <Alert>{formError}</Alert> : null}

        <fieldset>
          <legend className="mb-2 text-sm font-semibold text-slate-800">What do you want in return?</legend>
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
                <span className="font-medium">{k.label}</span>
              </label>
            ))}
          </div>
        </fieldset>

        {teams.isError ? (
          <Alert title="The teams could not be loaded">
            <p>{teams.error.message}</p>
          </Alert>
        ) : (
          <SelectField
            label={kind === 'give' ? 'Give it to' : 'Trade with'}
            value={teamId}
            disabled={teams.isPending}
            error={errors.team}
            onChange={(event) => chooseTeam(event.target.value)}
          >
            <option value="">{teams.isPending ? 'Loading teams…' : 'Choose a team'}</option>
            {(teams.data?.teams ?? []).map((t) => (
              <option key={t.id} value={t.id}>
                {t.division ? `${t.name} (${t.division})` : t.name}
              </option>
            ))}
          </SelectField>
        )}

        {kind === 'give' ? (
          <p className="-mt-2 text-sm text-slate-700">{team ? `${team.name} get your practice; your team gets nothing back.` : 'The team you choose gets your practice; your team gets nothing back.'}</p>
        ) : null}

        {kind === 'swap' && team ? (
          <fieldset aria-describedby={errors.wanted ? `${wantedHintId} ${wantedErrorId}` : wantedHintId}>
            <legend className="text-sm font-semibold text-slate-800">{`${possessive(team.name)} practices you would take`}</legend>
            <p id={wantedHintId} className="text-sm text-slate-600">
              {full ? `At most ${MAX_WANTED} practices in one offer.` : wantedHint(wanted.length, team.name)}
            </p>
            {theirs.isPending ? (
              <div className="mt-2 flex flex-col gap-2" aria-hidden="true">
                <Skeleton className="h-11 w-full" />
                <Skeleton className="h-11 w-full" />
              </div>
            ) : theirs.isError ? (
              <Alert className="mt-2" title={`${possessive(team.name)} practices could not be loaded`}>
                <p>{theirs.error.message}</p>
              </Alert>
            ) : theirs.data.practices.length === 0 ? (
              <p className="mt-2 rounded-lg border-2 border-dashed border-slate-300 px-4 py-4 text-center text-slate-700">
                {team.name} has no upcoming practice that can still be traded. Give yours away instead, or choose another team.
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
          label="Note to their coach (optional)"
          hint="Sent with the offer, up to 200 characters."
          maxLength={200}
          rows={2}
          value={note}
          error={errors.note}
          onChange={(event) => setNote(event.target.value)}
        />

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close} disabled={offer.isPending}>
            Cancel
          </Button>
          <Button type="submit" busy={offer.isPending}>
            Send offer
          </Button>
        </div>
      </form>
    </Modal>
  );
}
