/** Product-wide constants. Strings and numbers from the spec are requirements: change them only with it. */
export const PRODUCT_TITLE = 'Practice Scheduler';
export const DEFAULT_LEAGUE_SHORT_NAME = 'CGSL';
export const DEFAULT_LEAGUE_NAME = 'CGSL Softball League';
export const DEFAULT_LEAGUE_TIMEZONE = 'America/Chicago';

/** Spec §9: toast limits and durations (milliseconds). */
export const TOAST_LIMIT = 20;
export const TOAST_DURATIONS = {
  blank: 4000,
  error: 4000,
  custom: 4000,
  success: 2000,
  loading: Number.POSITIVE_INFINITY,
} as const;
export const TOAST_MAX_WIDTH_PX = 350;

export const ROLES = ['admin', 'coach', 'member'] as const;
export type Role = (typeof ROLES)[number];

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
