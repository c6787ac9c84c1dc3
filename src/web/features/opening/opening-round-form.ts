import { z } from 'zod';
import { MAX_PREFERENCES_DEFAULT, openingRoundInputSchema, type OpeningRound, type OpeningRoundInput } from '../../../shared/opening/opening.schemas';
import { addDays, parseLocalInput, toLocalInput } from '../../lib/dates';
import type { Translate } from '../../lib/i18n';

/** The opening-round form as typed: dates as <input type="date">, times as datetime-local wall times (league zone). */
export interface OpeningRoundForm {
  coversFrom: string;
  coversTo: string;
  opensAt: string;
  closesAt: string;
  drawAt: string;
  maxPreferences: string;
  firstComeAfter: boolean;
  weighting: OpeningRoundInput['weighting'];
  /**
   * The staged opening (issue 29): a division's own time to start saving lists, as a datetime-local wall time in the
   * league zone, by division id; empty: the division opens with the round.
   */
  divisionOpens: Record<string, string>;
}

/** The form field of a division's time (and the key the server names in `details.fields`). */
export const divisionOpensField = (divisionId: string) => `divisionOpens.${divisionId}` as const;

const TIME_FIELDS = ['opensAt', 'closesAt', 'drawAt'] as const;
export const OPENING_FIELDS = ['coversFrom', 'coversTo', ...TIME_FIELDS, 'maxPreferences', 'firstComeAfter', 'weighting'] as const;

/** A new round: the season's first two weeks (or fewer), ten preferences, first come for the rest after the draw. */
export function emptyOpeningForm(season: { startsOn: string; endsOn: string }): OpeningRoundForm {
  const twoWeeks = addDays(season.startsOn, 13);
  return {
    coversFrom: season.startsOn,
    coversTo: twoWeeks < season.endsOn ? twoWeeks : season.endsOn,
    opensAt: '',
    closesAt: '',
    drawAt: '',
    maxPreferences: String(MAX_PREFERENCES_DEFAULT),
    firstComeAfter: true,
    weighting: 'none',
    divisionOpens: {},
  };
}

/** A saved round as the edit form shows it. */
export function toOpeningForm(round: OpeningRound, timeZone: string): OpeningRoundForm {
  return {
    coversFrom: round.coversFrom,
    coversTo: round.coversTo,
    opensAt: toLocalInput(round.opensAt, timeZone),
    closesAt: toLocalInput(round.closesAt, timeZone),
    drawAt: toLocalInput(round.drawAt, timeZone),
    maxPreferences: String(round.maxPreferences),
    firstComeAfter: round.firstComeAfter,
    weighting: round.weighting,
    divisionOpens: Object.fromEntries((round.divisionOpens ?? []).map((d) => [d.divisionId, toLocalInput(d.opensAt, timeZone)])),
  };
}

/**
 * Reads the form into the API's shape (times with the league's offset), then checks it with the shared
 * openingRoundInputSchema, so its words land on the form's fields. Every problem shows after one submit: what
 * cannot be read is reported here (in words from `t`), the rest by the shared schema.
 */
export function openingFormSchema(seasonId: string, timeZone: string, t: Translate<'opening'>) {
  const text = z.string();
  return z
    .object({
      coversFrom: text,
      coversTo: text,
      opensAt: text,
      closesAt: text,
      drawAt: text,
      maxPreferences: text,
      firstComeAfter: z.boolean(),
      weighting: text,
      // react-hook-form leaves a division's field undefined until it is typed in.
      divisionOpens: z.record(z.string(), text.optional()).optional(),
    })
    .transform((form, ctx): OpeningRoundInput => {
      const flagged = new Set<string>();
      const flag = (key: string, message: string) => {
        flagged.add(key);
        ctx.addIssue({ code: 'custom', path: key.split('.'), message });
      };
      const times = {} as Record<(typeof TIME_FIELDS)[number], string>;
      for (const key of TIME_FIELDS) {
        const parsed = parseLocalInput(form[key], timeZone);
        if ('error' in parsed) flag(key, parsed.error);
        times[key] = 'error' in parsed ? '' : parsed.iso;
      }
      // Each division given a time, in the order of the form; an empty field opens with the round.
      const divisionOpens: Array<{ divisionId: string; opensAt: string }> = [];
      for (const [divisionId, value] of Object.entries(form.divisionOpens ?? {})) {
        if (!value?.trim()) continue;
        const parsed = parseLocalInput(value, timeZone);
        if ('error' in parsed) flag(divisionOpensField(divisionId), parsed.error);
        else divisionOpens.push({ divisionId, opensAt: parsed.iso });
      }
      const max = form.maxPreferences.trim();
      if (!/^\d+$/.test(max)) flag('maxPreferences', max ? t('form.wholeNumber') : t('form.enterMax'));
      const candidate = {
        seasonId,
        coversFrom: form.coversFrom,
        coversTo: form.coversTo,
        ...times,
        maxPreferences: /^\d+$/.test(max) ? Number(max) : 0,
        firstComeAfter: form.firstComeAfter,
        weighting: form.weighting,
        divisionOpens,
      };
      const result = openingRoundInputSchema.safeParse(candidate);
      if (result.success) return result.data;
      for (const issue of result.error.issues) {
        // A division's time is reported at its own field: divisionOpens.<index> → divisionOpens.<division id>.
        const division = issue.path[0] === 'divisionOpens' && typeof issue.path[1] === 'number' ? divisionOpens[issue.path[1]] : undefined;
        const key = division ? divisionOpensField(division.divisionId) : String(issue.path[0] ?? 'coversFrom');
        if (!flagged.has(key)) flag(key, issue.message);
      }
      return z.NEVER;
    });
}
