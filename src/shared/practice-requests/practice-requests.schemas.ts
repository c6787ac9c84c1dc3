/** Where a coach's practice request stands (product.md "Practice request"). */
export const PRACTICE_REQUEST_STATUSES = ['pending', 'approved', 'declined', 'withdrawn'] as const;
export type PracticeRequestStatus = (typeof PRACTICE_REQUEST_STATUSES)[number];

/** A team has at most this many pending requests at once (issue 13). */
export const MAX_PENDING_REQUESTS_PER_TEAM = 3;
/** A request names one to this many preferred dates, in order. */
export const MAX_PREFERRED_DATES = 3;
