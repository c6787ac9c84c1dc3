/**
 * The query keys that more than one part of the app reads or invalidates, so no feature reaches into another
 * for a key. Invalidation goes by prefix: invalidating `slotsQueryKey` reloads every cached week of slots. A key
 * only one feature uses stays beside its query in that feature (`[...bookingsQueryKey, 'mine']` and the like).
 */

/** The signed-in person (profile and admin flag); null when nobody is signed in. */
export const sessionQueryKey = ['session'] as const;

export const leagueQueryKey = ['league'] as const;

export const teamsQueryKey = ['teams'] as const;

export const seasonsQueryKey = ['seasons'] as const;

/** Facilities with their fields; the second part says whether inactive ones are included. */
export const facilitiesQueryKey = ['facilities'] as const;

export const slotsQueryKey = ['slots'] as const;
/** Every cached week list sits under this key; its third part is the SlotQuery. */
export const slotListsQueryKey = [...slotsQueryKey, 'list'] as const;

/** Every bookings query (context, mine, admin search, rules) sits under this key. */
export const bookingsQueryKey = ['bookings'] as const;
/** The booking context (rules, the caller's team, the server's clock), which live updates keep fresh. */
export const bookingContextQueryKey = [...bookingsQueryKey, 'context'] as const;

/** Every admin count (the overview) sits under this key: anything that changes a count invalidates it. */
export const adminQueryKey = ['admin'] as const;

/** The blocks in force (the blocks page lists them; a game-schedule import adds some). */
export const blocksQueryKey = ['blocks'] as const;

/** The caller's team's calendar feed link (the coach dashboard and /schedule-sync show it; regenerating replaces it). */
export const myCalendarFeedQueryKey = ['calendar-feed', 'mine'] as const;

/** Announcements for the caller (landing page, coach dashboard, the urgent banner) and the admin's list, under one key. */
export const announcementsQueryKey = ['announcements'] as const;

/** Practice requests: the team's own (the request page, the coach dashboard) and the admins' queue. */
export const practiceRequestsQueryKey = ['practice-requests'] as const;

/** Every clinics query (the list, the caller's registrations, rosters) sits under this key; the public calendar lists clinics too. */
export const clinicsQueryKey = ['clinics'] as const;

/**
 * Every opening-round query (issue 26: the active season's rounds that Book a Field and the coach dashboard read, a
 * season's rounds for the admin, one round's public page) sits under this key; a draw or a cancel invalidates it.
 */
export const openingsQueryKey = ['openings'] as const;

/**
 * Rain-outs (issue 28): the admins' list of closures sits under this key. A rain-out or a reopen invalidates it with
 * the blocks, the slots and the bookings it changed.
 */
export const rainOutsQueryKey = ['rain-outs'] as const;

/** Make-up credits for admins: every team's, or one team's (`[...makeupCreditsQueryKey, teamId]`). */
export const makeupCreditsQueryKey = ['makeup-credits'] as const;

/**
 * What people are told about rain-outs (issue 28, features/field-status): the field status everyone sees and the
 * signed-in coach's rain-out notices and credits. A rain-out, a reopening or a credit change is a slot event naming
 * no slots: refreshBookingData (lib/live) invalidates this key, so an open page shows it without a reload.
 */
export const fieldStatusQueryKey = ['field-status'] as const;

/**
 * The waitlist with a hold (issue 28, features/waitlist): the caller's team's waits (GET /api/waits/mine), read by
 * Book a Field, My Reservations, the coach dashboard and the shell's notice. Every hold change is a slot event naming
 * the slot: lib/live invalidates this key on every slot event, so an offer shows without a reload.
 */
export const waitsQueryKey = ['waits'] as const;
