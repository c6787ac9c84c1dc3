import { z } from 'zod';

export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

export const leagueSettingsSchema = z.object({
  name: z.string().trim().min(1, 'Enter the league name').max(120, 'Use at most 120 characters'),
  shortName: z.string().trim().min(1, 'Enter a short name, like CGSL').max(16, 'Use at most 16 characters'),
  timeZone: z.string().max(64, 'Choose a time zone from the list, like America/Chicago').refine(isTimeZone, 'Choose a time zone from the list, like America/Chicago'),
  contactEmail: z.union([z.literal(''), z.email('Enter a valid email address, like info@league.org').max(254, 'That email address is too long')]).transform((v) => v || null).nullable(),
  /** How many days a rain-out's make-up credit lasts (issue 28); left out: unchanged. */
  makeupDays: z
    .number({ message: 'Enter a number of days from 1 to 60' })
    .int('Enter a whole number of days')
    .min(1, 'Enter a number of days from 1 to 60')
    .max(60, 'Enter a number of days from 1 to 60')
    .optional(),
  /** How many slots one team may wait on at once (issue 28, the waitlist); left out: unchanged. */
  maxWaits: z
    .number({ message: 'Enter a number of slots from 1 to 20' })
    .int('Enter a whole number of slots')
    .min(1, 'Enter a number of slots from 1 to 20')
    .max(20, 'Enter a number of slots from 1 to 20')
    .optional(),
  /** How long a freed slot is held for the first team waiting, in minutes; left out: unchanged. */
  holdMinutes: z
    .number({ message: 'Enter a number of minutes from 10 to 1440 (24 hours)' })
    .int('Enter a whole number of minutes')
    .min(10, 'Enter a number of minutes from 10 to 1440 (24 hours)')
    .max(1440, 'Enter a number of minutes from 10 to 1440 (24 hours)')
    .optional(),
  /** Whether coaches may offer and accept practice swaps between teams (issue 29); left out: unchanged. */
  swapsEnabled: z.boolean({ message: 'Choose whether coaches may swap practices' }).optional(),
});
export type LeagueSettingsInput = z.input<typeof leagueSettingsSchema>;

export const leagueSettingsResponseSchema = z.object({
  name: z.string(),
  shortName: z.string(),
  timeZone: z.string(),
  contactEmail: z.string().nullable(),
  makeupDays: z.number(),
  maxWaits: z.number(),
  holdMinutes: z.number(),
  swapsEnabled: z.boolean(),
});
export type LeagueSettings = z.infer<typeof leagueSettingsResponseSchema>;
export type LeagueSettingsUpdate = z.output<typeof leagueSettingsSchema>;

/** PUT /api/league/password-sign-up: an admin lets visitors create accounts with a password, or not (invitations always work). */
export const passwordSignUpSchema = z.object({ passwordSignUp: z.boolean() });
export type PasswordSignUp = z.infer<typeof passwordSignUpSchema>;
