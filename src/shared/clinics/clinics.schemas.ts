/** A participant's place in a clinic: in, waiting in order, or out (product.md "Clinic registration"). */
export const CLINIC_REGISTRATION_STATUSES = ['registered', 'waitlisted', 'cancelled'] as const;
export type ClinicRegistrationStatus = (typeof CLINIC_REGISTRATION_STATUSES)[number];
