import { z } from 'zod';
import type { BookingRules } from '../../../shared/bookings/booking-rules';
import { bookingRulesSchema } from '../../../shared/bookings/bookings.schemas';
import { parseLocalInput, toLocalInput } from '../../lib/dates';
import type { Translate } from '../../lib/i18n';

/** The booking-rules form as typed: numbers as text, window times as datetime-local wall times (league zone). */
export interface RulesForm {
  bookingOpen: boolean;
  pausedMessage: string;
  windowOpensAt: string;
  windowClosesAt: string;
  maxPerWeek: string;
  maxPerDay: string;
  maxUpcoming: string;
  minLeadHours: string;
  maxAheadDays: string;
  cancelCutoffHours: string;
}

export const NUMBER_FIELDS = ['maxPerWeek', 'maxPerDay', 'maxUpcoming', 'minLeadHours', 'maxAheadDays', 'cancelCutoffHours'] as const;
const TIME_FIELDS = ['windowOpensAt', 'windowClosesAt'] as const;
export const RULE_FIELDS = ['bookingOpen', 'pausedMessage', ...TIME_FIELDS, ...NUMBER_FIELDS] as const;

/** The saved rules as the form shows them. */
export function toRulesForm(rules: BookingRules, timeZone: string): RulesForm {
  const time = (iso: string | null) => (iso ? toLocalInput(iso, timeZone) : '');
  return {
    bookingOpen: rules.bookingOpen,
    pausedMessage: rules.pausedMessage ?? '',
    windowOpensAt: time(rules.windowOpensAt),
    windowClosesAt: time(rules.windowClosesAt),
    maxPerWeek: String(rules.maxPerWeek),
    maxPerDay: String(rules.maxPerDay),
    maxUpcoming: String(rules.maxUpcoming),
    minLeadHours: String(rules.minLeadHours),
    maxAheadDays: String(rules.maxAheadDays),
    cancelCutoffHours: String(rules.cancelCutoffHours),
  };
}

/**
 * Reads the form into the API's shape (empty window = the season's dates; times with the league's offset),
 * then checks it with the shared bookingRulesSchema, so its messages land on the form's fields. Every
 * problem shows after one submit: what cannot be read is reported here (in `t`'s words), the rest by the shared schema.
 */
export function rulesFormSchema(t: Translate<'bookings-admin'>, timeZone: string) {
  const text = z.string();
  return z
    .object({
      bookingOpen: z.boolean(),
      pausedMessage: text,
      windowOpensAt: text,
      windowClosesAt: text,
      maxPerWeek: text,
      maxPerDay: text,
      maxUpcoming: text,
      minLeadHours: text,
      maxAheadDays: text,
      cancelCutoffHours: text,
    })
    .transform((form, ctx): BookingRules => {
      const flagged = new Set<string>();
      const flag = (key: string, message: string) => {
        flagged.add(key);
        ctx.addIssue({ code: 'custom', path: [key], message });
      };
      const numbers = {} as Record<(typeof NUMBER_FIELDS)[number], number>;
      for (const key of NUMBER_FIELDS) {
        const value = form[key].trim();
        if (!/^\d+$/.test(value)) flag(key, value ? t('form.wholeNumber') : t('form.enterNumber'));
        numbers[key] = /^\d+$/.test(value) ? Number(value) : 0;
      }
      const times = {} as Record<(typeof TIME_FIELDS)[number], string | null>;
      for (const key of TIME_FIELDS) {
        times[key] = null;
        if (!form[key].trim()) continue;
        const parsed = parseLocalInput(form[key], timeZone);
        if ('error' in parsed) flag(key, parsed.error);
        else times[key] = parsed.iso;
      }
      const candidate = { bookingOpen: form.bookingOpen, pausedMessage: form.pausedMessage.trim() || null, ...times, ...numbers };
      const result = bookingRulesSchema.safeParse(candidate);
      if (result.success) return { ...result.data, pausedMessage: result.data.pausedMessage || null };
      for (const issue of result.error.issues) {
        const key = String(issue.path[0] ?? '');
        if (!flagged.has(key)) flag(key, issue.message);
      }
      return z.NEVER;
    });
}
