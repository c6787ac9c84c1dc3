import { z } from 'zod';
import { boundedIsoDate, daysBetween } from '../time/date-bounds';

/** The longest date range one report covers (a season is at most 366 days too). */
export const MAX_REPORT_DAYS = 366;

/**
 * Prime time, in the league's time zone, by the start of the slot: weekday evenings (Monday to Friday, starting at
 * or after 17:00) and Saturday mornings (starting before 12:00). The fairness report and its screen use these.
 */
export const PRIME_TIME = {
  /** ISO days of the week (1 = Monday) whose evenings are prime time. */
  eveningDays: [1, 2, 3, 4, 5] as readonly number[],
  /** A weekday slot starting at or after this local time is prime time. */
  eveningFrom: '17:00',
  /** The ISO day of the week whose morning is prime time (6 = Saturday). */
  morningDay: 6,
  /** A Saturday slot starting before this local time is prime time. */
  morningBefore: '12:00',
} as const;

/** The definition in words, for the screen and the CSV's readers. */
export const PRIME_TIME_WORDS = `weekday evenings (Monday to Friday, starting at or after ${PRIME_TIME.eveningFrom}) and Saturday mornings (starting before ${PRIME_TIME.morningBefore}), league time`;

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether a slot starting on this ISO day of the week (1 = Monday) at this local "HH:MM" is prime time. */
export function isPrimeTime(isoDayOfWeek: number, localTime: string): boolean {
  const minutes = minutesOf(localTime);
  if (PRIME_TIME.eveningDays.includes(isoDayOfWeek)) return minutes >= minutesOf(PRIME_TIME.eveningFrom);
  return isoDayOfWeek === PRIME_TIME.morningDay && minutes < minutesOf(PRIME_TIME.morningBefore);
}

/** Booked ÷ offered as a percentage with one decimal; null when nothing was offered. */
export function utilizationPercent(bookedMinutes: number, offeredMinutes: number): number | null {
  return offeredMinutes > 0 ? Math.round((bookedMinutes / offeredMinutes) * 1000) / 10 : null;
}

/** The Monday ("YYYY-MM-DD") of the Monday-to-Sunday week a calendar day belongs to. */
export function mondayOf(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  const isoDay = d.getUTCDay() === 0 ? 7 : d.getUTCDay();
  d.setUTCDate(d.getUTCDate() - (isoDay - 1));
  return d.toISOString().slice(0, 10);
}

/** Adds whole days to a calendar day (calendar arithmetic: no time zone, no DST). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The Mondays of every Monday-to-Sunday week that holds a day of [from, to], in order. */
export function weeksCovering(from: string, to: string): string[] {
  const weeks: string[] = [];
  for (let monday = mondayOf(from); monday <= to; monday = addDays(monday, 7)) weeks.push(monday);
  return weeks;
}

const optionalId = z.preprocess((v) => (v === '' ? undefined : v), z.string().uuid('Choose one from the list').optional());

/**
 * GET /api/admin/reports (and its CSVs): a season (its days, and its slots only) or a range of league days
 * (`from`..`to`, both included), optionally one facility.
 */
export const reportQuerySchema = z
  .object({
    seasonId: optionalId,
    from: boundedIsoDate('Use a start date like 2027-03-01').optional(),
    to: boundedIsoDate('Use an end date like 2027-05-31').optional(),
    facilityId: optionalId,
  })
  .refine((q) => q.seasonId || (q.from && q.to), { message: 'Choose a season, or a start and an end date', path: ['seasonId'] })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'The end date is before the start date', path: ['to'] })
  .refine((q) => !q.from || !q.to || daysBetween(q.from, q.to) + 1 <= MAX_REPORT_DAYS, {
    message: `A report covers at most ${MAX_REPORT_DAYS} days. Choose a shorter range.`,
    path: ['to'],
  });
export type ReportQuery = z.infer<typeof reportQuerySchema>;

export const REPORT_TABLES = ['teams', 'fields', 'facilities', 'weeks', 'fairness', 'rain-outs', 'waitlist'] as const;
export type ReportTable = (typeof REPORT_TABLES)[number];

export const reportCsvQuerySchema = z.intersection(
  reportQuerySchema,
  z.object({ table: z.enum(REPORT_TABLES, 'Choose a table: teams, fields, facilities, weeks, fairness, rain-outs or waitlist') }),
);

const utilization = z.number().nullable();

/** What became of make-up credits granted in the range (issue 28): each is in at most one of used, expired, removed. */
const makeupCreditFigures = {
  creditsGranted: z.number(),
  /** Used by a make-up practice that is still confirmed. */
  creditsUsed: z.number(),
  /** Ran out unused. */
  creditsExpired: z.number(),
  /** Removed by an admin, or taken back when a reopening restored the practice it was for. */
  creditsRemoved: z.number(),
};

/** The league's rain-outs in the range (issue 28): the totals; the per-team figures are on the team rows. */
export const rainOutTotalsSchema = z.object({
  /** Rain-outs made in the range (of the facility, when the report is of one). */
  rainOuts: z.number(),
  practicesCancelled: z.number(),
  practicesRestored: z.number(),
  ...makeupCreditFigures,
});

/**
 * How waits on booked slots ended (issue 28, the waitlist with a hold), counted by when they ended (decided in the
 * range), of the facility's slots when the report is of one. Leaving the line and waits made void are not outcomes.
 */
const waitlistFigures = {
  /** The team took the slot held for it, or booked a slot it was waiting for. */
  waitsTaken: z.number(),
  /** Passed on the slot held for it. */
  waitsPassed: z.number(),
  /** Let the hold run out. */
  waitsExpired: z.number(),
  /** Pressed Take, and one of the team's booking rules refused it. */
  waitsRefused: z.number(),
};

/** The league's waitlist outcomes in the range: the totals; the per-team figures are on the team rows. */
export const waitlistTotalsSchema = z.object(waitlistFigures);

export const teamReportRowSchema = z.object({
  teamId: z.string(),
  teamName: z.string(),
  active: z.boolean(),
  /** Confirmed bookings of slots starting in the range. */
  bookings: z.number(),
  bookedMinutes: z.number(),
  /** Cancelled bookings of slots starting in the range, whoever cancelled. */
  cancellations: z.number(),
  /** Of those, cancelled less than the season's cancellation cutoff before the start (or after it). */
  lateCancellations: z.number(),
  /** Of those, cancelled by an admin's override bump (the audit log's `booking.bump` entry names the booking). */
  bumped: z.number(),
  /** Practice requests whose first preferred date is in the range. */
  requestsFiled: z.number(),
  requestsApproved: z.number(),
  /** Of the approved, those whose booked practice was cancelled since (the request stays approved, decision 017). */
  requestsApprovedCancelled: z.number(),
  requestsDeclined: z.number(),
  /** Practices of slots starting in the range that a rain-out cancelled (issue 28), restored since or not. */
  rainedOut: z.number(),
  /** Of those, the ones a reopening put back (confirmed again). */
  rainOutRestored: z.number(),
  /** Make-up credits granted in the range (by rain-outs and by admins), and what became of them. */
  ...makeupCreditFigures,
  /** Waits of this team that ended in the range, by how they ended. */
  ...waitlistFigures,
});

export const fieldReportRowSchema = z.object({
  fieldId: z.string(),
  fieldName: z.string(),
  facilityId: z.string(),
  facilityName: z.string(),
  /** Live slots (deleted ones excluded), blocked ones included. */
  offeredMinutes: z.number(),
  /** Slots with a confirmed booking. */
  bookedMinutes: z.number(),
  utilization,
  /** Live slots that are blocked. */
  blockedMinutes: z.number(),
});

export const facilityReportRowSchema = fieldReportRowSchema.omit({ fieldId: true, fieldName: true });

export const weekReportRowSchema = z.object({
  /** Monday of the week (league calendar day); the week runs to Sunday. */
  weekStart: z.string(),
  weekEnd: z.string(),
  bookings: z.number(),
  offeredMinutes: z.number(),
  bookedMinutes: z.number(),
  utilization,
});

export const fairnessRowSchema = z.object({
  teamId: z.string(),
  teamName: z.string(),
  active: z.boolean(),
  bookedMinutes: z.number(),
  /** This team's booked minutes ÷ every team's (0..1); null when nothing was booked. */
  share: z.number().nullable(),
  primeMinutes: z.number(),
  /** This team's prime-time booked minutes ÷ every team's; null when no prime time was booked. */
  primeShare: z.number().nullable(),
});

export const reportSchema = z.object({
  range: z.object({
    from: z.string(),
    to: z.string(),
    timeZone: z.string(),
    seasonId: z.string().nullable(),
    seasonName: z.string().nullable(),
    facilityId: z.string().nullable(),
    facilityName: z.string().nullable(),
  }),
  teams: z.array(teamReportRowSchema),
  fields: z.array(fieldReportRowSchema),
  facilities: z.array(facilityReportRowSchema),
  weeks: z.array(weekReportRowSchema),
  fairness: z.object({
    activeTeams: z.number(),
    /** 1 ÷ active teams; null without active teams. */
    equalShare: z.number().nullable(),
    bookedMinutes: z.number(),
    primeMinutes: z.number(),
    teams: z.array(fairnessRowSchema),
  }),
  rainOuts: rainOutTotalsSchema,
  waitlist: waitlistTotalsSchema,
});
export type Report = z.infer<typeof reportSchema>;
export type TeamReportRow = z.infer<typeof teamReportRowSchema>;
export type FieldReportRow = z.infer<typeof fieldReportRowSchema>;
export type FacilityReportRow = z.infer<typeof facilityReportRowSchema>;
export type WeekReportRow = z.infer<typeof weekReportRowSchema>;
export type FairnessRow = z.infer<typeof fairnessRowSchema>;
export type RainOutTotals = z.infer<typeof rainOutTotalsSchema>;
export type WaitlistTotals = z.infer<typeof waitlistTotalsSchema>;

/** Minutes as hours with at most two decimals (1.33), for tables and CSVs. */
export const hoursOf = (minutes: number) => Math.round((minutes / 60) * 100) / 100;
/** A 0..1 share as a percentage with one decimal; empty when there is none. */
export const percentOf = (share: number | null) => (share === null ? null : Math.round(share * 1000) / 10);
