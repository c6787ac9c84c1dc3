import { z } from 'zod';
import { boundedIsoDateTime } from '../time/date-bounds';

/** A participant's place in a clinic: in, waiting in order, or out (product.md "Clinic registration"). */
export const CLINIC_REGISTRATION_STATUSES = ['registered', 'waitlisted', 'cancelled'] as const;
export type ClinicRegistrationStatus = (typeof CLINIC_REGISTRATION_STATUSES)[number];

/** The most places one clinic offers (a gym full of kids); the database only asks for at least one. */
export const MAX_CLINIC_CAPACITY = 500;
export const MIN_PARTICIPANT_AGE = 3;
export const MAX_PARTICIPANT_AGE = 99;

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (v ? v : null));

const optionalInstant = () =>
  z
    .union([boundedIsoDateTime(), z.literal(''), z.null()])
    .optional()
    .transform((v) => (v ? v : null));

/** What an admin types for a clinic (create and edit send the whole clinic). */
export const clinicInputSchema = z
  .object({
    title: z.string().trim().min(1, 'Give the clinic a title, e.g. "Pitching clinic"').max(120, 'Use at most 120 characters'),
    description: optionalText(2000, 'Use at most 2,000 characters'),
    startsAt: boundedIsoDateTime('Choose when the clinic starts'),
    endsAt: boundedIsoDateTime('Choose when the clinic ends'),
    /** One of the league's facilities, or a place in words (`locationText`); one of the two is needed. */
    facilityId: z
      .union([z.string().uuid('Choose a facility from the list'), z.literal(''), z.null()])
      .optional()
      .transform((v) => (v ? v : null)),
    locationText: optionalText(200, 'Use at most 200 characters'),
    ageGroup: optionalText(60, 'Use at most 60 characters'),
    capacity: z.coerce
      .number({ message: 'Enter how many places there are' })
      .int('Use a whole number of places')
      .min(1, 'A clinic needs at least 1 place')
      .max(MAX_CLINIC_CAPACITY, `A clinic has at most ${MAX_CLINIC_CAPACITY} places`),
    registrationOpensAt: optionalInstant(),
    registrationClosesAt: optionalInstant(),
    published: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (Date.parse(v.endsAt) <= Date.parse(v.startsAt)) ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'The clinic must end after it starts' });
    if (!v.facilityId && !v.locationText) ctx.addIssue({ code: 'custom', path: ['locationText'], message: 'Choose a facility or type where the clinic is' });
    if (v.registrationOpensAt && v.registrationClosesAt && Date.parse(v.registrationClosesAt) <= Date.parse(v.registrationOpensAt)) {
      ctx.addIssue({ code: 'custom', path: ['registrationClosesAt'], message: 'Registration must close after it opens' });
    }
    if (v.registrationClosesAt && Date.parse(v.registrationClosesAt) > Date.parse(v.endsAt)) {
      ctx.addIssue({ code: 'custom', path: ['registrationClosesAt'], message: 'Registration must close before the clinic ends' });
    }
  });
export type ClinicInput = z.input<typeof clinicInputSchema>;
export type ClinicValues = z.output<typeof clinicInputSchema>;

export const clinicCancelSchema = z.strictObject({
  reason: z.string().trim().min(1, 'Say why the clinic is cancelled; families will read it').max(500, 'Use at most 500 characters'),
});

/** A participant signed up by a signed-in person (a parent for their child, or themselves). */
export const registrationInputSchema = z.strictObject({
  participantName: z.string().trim().min(1, "Enter the participant's name").max(100, 'Use at most 100 characters'),
  participantAge: z.coerce
    .number({ message: "Enter the participant's age" })
    .int('Use a whole number of years')
    .min(MIN_PARTICIPANT_AGE, `Participants are ${MIN_PARTICIPANT_AGE} to ${MAX_PARTICIPANT_AGE} years old`)
    .max(MAX_PARTICIPANT_AGE, `Participants are ${MIN_PARTICIPANT_AGE} to ${MAX_PARTICIPANT_AGE} years old`),
  emergencyContact: z.string().trim().min(1, 'Enter an emergency contact: a name and a phone number').max(200, 'Use at most 200 characters'),
});
export type RegistrationInput = z.input<typeof registrationInputSchema>;

export const clinicSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  facilityId: z.string().nullable(),
  locationText: z.string().nullable(),
  /** Where, in words: the facility's name (and address), or the free text. */
  location: z.string(),
  ageGroup: z.string().nullable(),
  capacity: z.number(),
  registrationOpensAt: z.string().nullable(),
  registrationClosesAt: z.string().nullable(),
  published: z.boolean(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  registeredCount: z.number(),
  waitlistCount: z.number(),
});
export type Clinic = z.infer<typeof clinicSchema>;

export const registrationSchema = z.object({
  id: z.string(),
  clinicId: z.string(),
  clinicTitle: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  location: z.string(),
  participantName: z.string(),
  participantAge: z.number(),
  emergencyContact: z.string(),
  status: z.enum(CLINIC_REGISTRATION_STATUSES),
  /** 1 for the first on the waitlist; null when not waitlisted. */
  waitlistPosition: z.number().nullable(),
  createdAt: z.string(),
});
export type Registration = z.infer<typeof registrationSchema>;

export const rosterEntrySchema = z.object({
  id: z.string(),
  participantName: z.string(),
  participantAge: z.number(),
  emergencyContact: z.string(),
  status: z.enum(CLINIC_REGISTRATION_STATUSES),
  waitlistPosition: z.number().nullable(),
  registrantEmail: z.string().nullable(),
  createdAt: z.string(),
  promotedAt: z.string().nullable(),
});
export type RosterEntry = z.infer<typeof rosterEntrySchema>;

export const clinicListSchema = z.object({ clinics: z.array(clinicSchema) });
export const rosterSchema = z.object({ clinic: clinicSchema, entries: z.array(rosterEntrySchema) });
export const clinicEditResultSchema = z.object({ clinic: clinicSchema, promoted: z.number() });
export const clinicCancelResultSchema = z.object({ clinic: clinicSchema, registrationsCancelled: z.number() });
export const registrationCancelResultSchema = z.object({ registration: registrationSchema, promoted: z.string().nullable() });
