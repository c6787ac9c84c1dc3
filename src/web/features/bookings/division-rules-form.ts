import { z } from 'zod';
import { DIVISION_RULE_KEYS } from '../../../shared/bookings/booking-rules';
import { divisionRulesInputSchema, type DivisionRules, type DivisionRulesInput } from '../../../shared/divisions/divisions.schemas';
import { parseLocalInput, toLocalInput } from '../../lib/dates';
import type { Translate } from '../../lib/i18n';

/**
 * A division's own rules as the form holds them (issue 29): numbers as text, window times as datetime-local wall times
 * in the league's zone, and an empty box for each rule the division takes from the season.
 */
export type DivisionRulesForm = Record<(typeof DIVISION_RULE_KEYS)[number], string>;

const NUMBER_KEYS = ['maxPerWeek', 'maxPerDay', 'maxUpcoming', 'minLeadHours', 'maxAheadDays'] as const;
const TIME_KEYS = ['windowOpensAt', 'windowClosesAt'] as const;
/** The fields the server may name in its errors. */
export const DIVISION_RULE_FIELDS = DIVISION_RULE_KEYS;

/** Every box empty: the season's rules. */
export const SEASON_RULES_FORM: DivisionRulesForm = Object.fromEntries(DIVISION_RULE_KEYS.map((k) => [k, ''])) as DivisionRulesForm;

/** The saved rules as the form shows them. */
export function toDivisionRulesForm(rules: DivisionRules, timeZone: string): DivisionRulesForm {
  const time = (iso: string | null) => (iso ? toLocalInput(iso, timeZone) : '');
  const count = (n: number | null) => (n === null ? '' : String(n));
  return {
    windowOpensAt: time(rules.windowOpensAt),
    windowClosesAt: time(rules.windowClosesAt),
    maxPerWeek: count(rules.maxPerWeek),
    maxPerDay: count(rules.maxPerDay),
    maxUpcoming: count(rules.maxUpcoming),
    minLeadHours: count(rules.minLeadHours),
    maxAheadDays: count(rules.maxAheadDays),
  };
}

/**
 * Reads the form into the API's shape (an empty box: null, the season's rule; times with the league's offset), then
 * checks it with the shared divisionRulesInputSchema, so its messages land on the form's fields; every problem shows
 * after one submit, as on the season's form (booking-rules-form.ts).
 */
export function divisionRulesFormSchema(t: Translate<'bookings-admin'>, timeZone: string) {
  const text = z.string();
  return z.object(Object.fromEntries(DIVISION_RULE_KEYS.map((k) => [k, text])) as Record<keyof DivisionRulesForm, typeof text>).transform((form, ctx): DivisionRulesInput => {
    const flagged = new Set<string>();
    const flag = (key: string, message: string) => {
      flagged.add(key);
      ctx.addIssue({ code: 'custom', path: [key], message });
    };
    const candidate: Record<string, string | number | null> = {};
    for (const key of NUMBER_KEYS) {
      const value = form[key].trim();
      candidate[key] = null;
      if (!value) continue;
      if (/^\d+$/.test(value)) candidate[key] = Number(value);
      else flag(key, t('form.wholeNumberOrEmpty'));
    }
    for (const key of TIME_KEYS) {
      candidate[key] = null;
      if (!form[key].trim()) continue;
      const parsed = parseLocalInput(form[key], timeZone);
      if ('error' in parsed) flag(key, parsed.error);
      else candidate[key] = parsed.iso;
    }
    const result = divisionRulesInputSchema.safeParse(candidate);
    if (result.success && flagged.size === 0) return result.data;
    for (const issue of result.error?.issues ?? []) {
      const key = String(issue.path[0] ?? '');
      if (!flagged.has(key)) flag(key, issue.message);
    }
    return z.NEVER;
  });
}
