/**
 * The access matrix (issue 10, item 2): every registered /api route, called as each of five people, with ids
 * that belong to another team, checked against an explicit table of what each of them may get.
 *
 * The table below is the product's answer to "who may do what". A route registered without an entry fails the
 * first test, so a new route cannot ship without someone deciding its row. The route's declared access
 * (`config.access`) must agree with its row and with what the server answers:
 *   public → a visitor is not refused; user → a visitor gets 401; admin → a visitor 401, everyone else 403.
 * Team ownership: a coach of team A acting on team B's data is refused (404, so it does not learn the data
 * exists), and the data is unchanged afterwards.
 *
 * Every call that changes something gets data of its own (a fresh booking, slot, season, invitation…), and the
 * few calls that must not succeed put things back if they did, so the order of the walk does not matter.
 */
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingRules, bookings, contactMessages, divisions, facilities, fields, invitations, leagueSettings, openingRounds, seasons, slots, swapOffers, teams, users } from './db/schema';
import { hashToken, newToken } from './one-time-token';
import { listDeclaredRoutes, type Access, type DeclaredRoute } from './plugins/access';
import { errorShapeProblems, leakProblems, preview } from './test/answer-checks';
import { at, nextMonday, TZ } from './test/booking-fixtures';
import { uploadBody } from './test/multipart';
import { buildTestApp, TEST_ORIGIN, type TestApp, type TestUser } from './test/test-app';

const CALLERS = ['visitor', 'member', 'coachA', 'coachB', 'admin'] as const;
type Caller = (typeof CALLERS)[number];

/** What a caller may get: the class of the status code. */
const OUTCOMES = {
  ok: (s: number) => s >= 200 && s < 300,
  denied: (s: number) => s === 401 || s === 403,
  'not-found': (s: number) => s === 404,
  invalid: (s: number) => s === 400,
  conflict: (s: number) => s === 409,
  unsupported: (s: number) => s === 415,
  redirect: (s: number) => s === 302 || s === 303,
} as const;
type Outcome = keyof typeof OUTCOMES;
type Expected = Outcome | readonly Outcome[];

/** Refused to touch another team's data: 404 hides that it exists; 403 is acceptable too. Never 2xx. */
const REFUSED = ['not-found', 'denied'] as const;

/** Routes the walk leaves out, and why. Only better-auth's own handler, which has its own suites. */
const NOT_WALKED: Record<string, string> = {
  'GET /api/auth/*': "better-auth's endpoints: src/server/modules/auth/*.api.test.ts",
  'POST /api/auth/*': "better-auth's endpoints: src/server/modules/auth/*.api.test.ts",
};

interface Call {
  url: string;
  body?: unknown;
  /** Ids the checks after the call look at (the booking a coach tried to cancel…). */
  ids?: Record<string, string>;
}

interface Answer {
  status: number;
  contentType: string | undefined;
  body: string;
}

interface Entry {
  access: Access;
  call: (as: Caller, f: Fixtures) => Call | Promise<Call>;
  expect: Record<Caller, Expected>;
  /** State that must hold after the call (returns problems), and putting back what must not have changed. */
  after?: (as: Caller, call: Call, answer: Answer, f: Fixtures) => Promise<string[]>;
}

const everyone = (o: Expected): Record<Caller, Expected> => ({ visitor: o, member: o, coachA: o, coachB: o, admin: o });
const PUBLIC: Record<Caller, Expected> = everyone('ok');
const SIGNED_IN: Record<Caller, Expected> = { ...everyone('ok'), visitor: 'denied' };
const ADMIN_ONLY: Record<Caller, Expected> = { ...everyone('denied'), admin: 'ok' };

const json = (answer: Answer): unknown => {
  try {
    return JSON.parse(answer.body);
  } catch {
    return undefined;
  }
};

/**
 * THE ACCESS MATRIX. One entry per registered route ("METHOD /url" exactly as Fastify registers it).
 * `call` builds the request for a caller: coach A and the member (a parent on team A) get team B's ids.
 */
const MATRIX: Record<string, Entry> = {
  // ---- health, setup, league, the API document, live updates ----
  'GET /api/health': { access: 'public', call: () => ({ url: '/api/health' }), expect: PUBLIC },
  'GET /api/ready': { access: 'public', call: () => ({ url: '/api/ready' }), expect: PUBLIC },
  'GET /api/diag': { access: 'public', call: () => ({ url: '/api/diag' }), expect: PUBLIC },
  'GET /api/openapi.json': { access: 'public', call: () => ({ url: '/api/openapi.json' }), expect: PUBLIC },
  'GET /api/events': { access: 'public', call: () => ({ url: '/api/events' }), expect: PUBLIC },
  'GET /api/setup': { access: 'public', call: () => ({ url: '/api/setup' }), expect: PUBLIC },
  'POST /api/setup': {
    access: 'public',
    // The league has an admin, so the first-run setup refuses everyone, link or not.
    call: (as) => ({ url: '/api/setup', body: { token: 'not-the-setup-token', name: 'Eve', email: `setup-${as}@example.org`, password: 'long-enough-password' } }),
    expect: everyone('conflict'),
  },
  'GET /api/league': { access: 'public', call: () => ({ url: '/api/league' }), expect: PUBLIC },
  'PUT /api/league': { access: 'admin', call: (_as, f) => ({ url: '/api/league', body: f.leagueSettings }), expect: ADMIN_ONLY },
  'PUT /api/league/password-sign-up': { access: 'admin', call: () => ({ url: '/api/league/password-sign-up', body: { passwordSignUp: true } }), expect: ADMIN_ONLY },
  // ---- sign-in with the league's identity provider (issue 16) ----
  'GET /api/sign-in-options': { access: 'public', call: () => ({ url: '/api/sign-in-options' }), expect: PUBLIC },
  // No provider is configured here: "Log in with …" sends everyone back to the login page with a reason.
  'GET /api/sign-in/oidc': { access: 'public', call: () => ({ url: '/api/sign-in/oidc?redirect=/slots' }), expect: everyone('redirect') },
  'GET /api/admin/overview': { access: 'admin', call: () => ({ url: '/api/admin/overview' }), expect: ADMIN_ONLY },

  // ---- me ----
  'GET /api/me': { access: 'user', call: () => ({ url: '/api/me' }), expect: SIGNED_IN },
  'GET /api/me/claims': { access: 'user', call: () => ({ url: '/api/me/claims' }), expect: SIGNED_IN },
  'PATCH /api/me': {
    access: 'user',
    // A parent of team A and the coach of team A try to put themselves on team B (and so read its bookings).
    call: (as, f) => ({ url: '/api/me', body: as === 'member' || as === 'coachA' ? { teamId: f.teamB } : { displayName: `Renamed ${as}` } }),
    expect: { visitor: 'denied', member: 'denied', coachA: 'denied', coachB: 'ok', admin: 'ok' },
    after: async (as, _call, _answer, f) => {
      if (as !== 'member' && as !== 'coachA') return [];
      const [row] = await f.db.select({ teamId: users.teamId }).from(users).where(eq(users.id, f.users[as].id));
      if (row?.teamId === f.teamA) return [];
      await f.db.update(users).set({ teamId: f.teamA }).where(eq(users.id, f.users[as].id));
      return [`${as} moved themselves to team ${row?.teamId === f.teamB ? 'B' : String(row?.teamId)}`];
    },
  },
  'GET /api/me/notifications': { access: 'user', call: () => ({ url: '/api/me/notifications' }), expect: SIGNED_IN },
  'PUT /api/me/notifications': { access: 'user', call: () => ({ url: '/api/me/notifications', body: { bookingChanges: true, reminders: true } }), expect: SIGNED_IN },
  // The walk sends JSON, not a photo: a signed-in caller gets 415 (the uploads themselves: users/profile-photo.api.test.ts).
  'POST /api/me/photo': { access: 'user', call: () => ({ url: '/api/me/photo', body: {} }), expect: { ...everyone('unsupported'), visitor: 'denied' } },
  'DELETE /api/me/photo': { access: 'user', call: () => ({ url: '/api/me/photo' }), expect: SIGNED_IN },

  // ---- people and invitations (admin) ----
  'GET /api/admin/users': { access: 'admin', call: () => ({ url: '/api/admin/users?limit=5' }), expect: ADMIN_ONLY },
  'PATCH /api/admin/users/:id': {
    access: 'admin',
    // Non-admins try to make coach B an admin; the admin moves a fresh person to team A.
    call: async (as, f) =>
      as === 'admin'
        ? { url: `/api/admin/users/${(await f.person()).id}`, body: { teamId: f.teamA } }
        : { url: `/api/admin/users/${f.users.coachB.id}`, body: { role: 'admin' } },
    expect: ADMIN_ONLY,
    after: async (as, _call, _answer, f) => {
      if (as === 'admin') return [];
      const [row] = await f.db.select({ role: users.role }).from(users).where(eq(users.id, f.users.coachB.id));
      if (row?.role === 'coach') return [];
      await f.db.update(users).set({ role: 'coach' }).where(eq(users.id, f.users.coachB.id));
      return [`${as} changed coach B's role to ${row?.role}`];
    },
  },
  'GET /api/admin/invitations': { access: 'admin', call: () => ({ url: '/api/admin/invitations' }), expect: ADMIN_ONLY },
  'POST /api/admin/invitations': {
    access: 'admin',
    call: (as, f) => ({ url: '/api/admin/invitations', body: { email: `${f.slug('invitee')}-${as.toLowerCase()}@example.org`, role: 'coach', teamId: f.teamB } }),
    expect: ADMIN_ONLY,
  },
  'POST /api/admin/invitations/:id/resend': { access: 'admin', call: async (_as, f) => ({ url: `/api/admin/invitations/${(await f.invitation()).id}/resend` }), expect: ADMIN_ONLY },
  'POST /api/admin/invitations/:id/revoke': { access: 'admin', call: async (_as, f) => ({ url: `/api/admin/invitations/${(await f.invitation()).id}/revoke` }), expect: ADMIN_ONLY },
  'POST /api/admin/invitations/import/preview': {
    access: 'admin',
    call: (as, f) => ({ url: '/api/admin/invitations/import/preview', body: { csv: f.importCsv(as) } }),
    expect: ADMIN_ONLY,
  },
  'POST /api/admin/invitations/import/apply': {
    access: 'admin',
    call: async (as, f) => {
      const csv = f.importCsv(as);
      return { url: '/api/admin/invitations/import/apply', body: { csv, fingerprint: await f.importFingerprint(csv) } };
    },
    expect: ADMIN_ONLY,
  },
  'POST /api/invitations/lookup': {
    access: 'public',
    // The token is the secret: whoever holds the link may see what it invites to.
    call: async (_as, f) => ({ url: '/api/invitations/lookup', body: { token: (await f.invitation()).token } }),
    expect: PUBLIC,
  },
  'POST /api/invitations/accept': {
    access: 'public',
    // Signing up through a link works whoever is signed in in this browser (it makes a new account).
    call: async (_as, f) => ({ url: '/api/invitations/accept', body: { token: (await f.invitation()).token, name: 'New Coach', password: 'a-long-password' } }),
    expect: PUBLIC,
  },
  'POST /api/invitations/accept-signed-in': {
    access: 'user',
    // An invitation to someone else's address (a coach of team B): nobody signed in as another person takes it.
    call: async (_as, f) => {
      const invitation = await f.invitation();
      return { url: '/api/invitations/accept-signed-in', body: { token: invitation.token }, ids: { invitation: invitation.id } };
    },
    expect: everyone('denied'),
    after: async (_as, call, _answer, f) => {
      const [row] = await f.db.select({ acceptedAt: invitations.acceptedAt }).from(invitations).where(eq(invitations.id, call.ids!.invitation!));
      return row?.acceptedAt ? ['the invitation to another address was accepted'] : [];
    },
  },

  // ---- teams ----
  'GET /api/teams': { access: 'public', call: () => ({ url: '/api/teams' }), expect: PUBLIC },
  'GET /api/admin/teams': { access: 'admin', call: () => ({ url: '/api/admin/teams' }), expect: ADMIN_ONLY },
  'POST /api/teams': { access: 'admin', call: async (as, f) => ({ url: '/api/teams', body: { name: f.unique(`Team by ${as}`), divisionId: await f.division() } }), expect: ADMIN_ONLY },
  // ---- divisions (issue 29) ----
  'GET /api/divisions': { access: 'public', call: () => ({ url: '/api/divisions' }), expect: PUBLIC },
  'GET /api/admin/divisions': { access: 'admin', call: () => ({ url: '/api/admin/divisions' }), expect: ADMIN_ONLY },
  'POST /api/admin/divisions': { access: 'admin', call: (as, f) => ({ url: '/api/admin/divisions', body: { name: f.unique(`Div ${as}`) } }), expect: ADMIN_ONLY },
  'PATCH /api/admin/divisions/:id': { access: 'admin', call: async (as, f) => ({ url: `/api/admin/divisions/${await f.division()}`, body: { name: f.unique(`Renamed div ${as}`) } }), expect: ADMIN_ONLY },
  'DELETE /api/admin/divisions/:id': { access: 'admin', call: async (_as, f) => ({ url: `/api/admin/divisions/${await f.division()}` }), expect: ADMIN_ONLY },
  'PUT /api/admin/divisions/order': {
    access: 'admin',
    call: async (_as, f) => ({ url: '/api/admin/divisions/order', body: { ids: (await f.db.select({ id: divisions.id }).from(divisions).orderBy(divisions.position)).map((d) => d.id) } }),
    expect: ADMIN_ONLY,
  },
  'GET /api/admin/seasons/:id/division-rules': { access: 'admin', call: (_as, f) => ({ url: `/api/admin/seasons/${f.seasonId}/division-rules` }), expect: ADMIN_ONLY },
  'PUT /api/admin/seasons/:seasonId/division-rules/:divisionId': {
    access: 'admin',
    call: async (_as, f) => ({
      url: `/api/admin/seasons/${f.seasonId}/division-rules/${await f.division()}`,
      body: { windowOpensAt: null, windowClosesAt: null, maxPerWeek: 3, maxPerDay: null, maxUpcoming: null, minLeadHours: null, maxAheadDays: null },
    }),
    expect: ADMIN_ONLY,
  },
  'PATCH /api/teams/:id': {
    access: 'admin',
    // Non-admins try to deactivate team B; the admin renames a team of its own.
    call: async (as, f) =>
      as === 'admin' ? { url: `/api/teams/${await f.team()}`, body: { name: f.unique('Renamed team') } } : { url: `/api/teams/${f.teamB}`, body: { active: false } },
    expect: ADMIN_ONLY,
    after: async (as, _call, _answer, f) => {
      if (as === 'admin') return [];
      const [row] = await f.db.select({ active: teams.active }).from(teams).where(eq(teams.id, f.teamB));
      if (row?.active) return [];
      await f.db.update(teams).set({ active: true }).where(eq(teams.id, f.teamB));
      return [`${as} deactivated team B`];
    },
  },

  // ---- seasons and booking rules ----
  'GET /api/seasons': { access: 'public', call: () => ({ url: '/api/seasons' }), expect: PUBLIC },
  'POST /api/seasons': {
    access: 'admin',
    call: (as, f) => ({ url: '/api/seasons', body: { name: f.unique(`Season by ${as}`), startsOn: '2040-03-01', endsOn: '2040-06-30' } }),
    expect: ADMIN_ONLY,
  },
  'PUT /api/seasons/:id': {
    access: 'admin',
    call: async (as, f) => ({ url: `/api/seasons/${await f.season()}`, body: { name: f.unique(`Edited by ${as}`), startsOn: '2041-03-01', endsOn: '2041-06-30' } }),
    expect: ADMIN_ONLY,
  },
  'POST /api/seasons/:id/activate': {
    access: 'admin',
    // The admin activates the season that is already active (harmless); the others try to switch to another.
    call: async (as, f) => ({ url: `/api/seasons/${as === 'admin' ? f.seasonId : await f.season()}/activate` }),
    expect: ADMIN_ONLY,
    after: async (as, _call, _answer, f) => {
      const [row] = await f.db.select({ active: seasons.active }).from(seasons).where(eq(seasons.id, f.seasonId));
      if (row?.active) return [];
      await f.db.update(seasons).set({ active: false }).where(eq(seasons.active, true));
      await f.db.update(seasons).set({ active: true }).where(eq(seasons.id, f.seasonId));
      return as === 'admin' ? ['activating the active season deactivated it'] : [`${as} switched the active season`];
    },
  },
  'GET /api/seasons/:id/booking-rules': { access: 'public', call: (_as, f) => ({ url: `/api/seasons/${f.seasonId}/booking-rules` }), expect: PUBLIC },
  'PUT /api/seasons/:id/booking-rules': {
    access: 'admin',
    call: async (_as, f) => ({ url: `/api/seasons/${await f.season()}/booking-rules`, body: f.rules }),
    expect: ADMIN_ONLY,
  },

  // ---- facilities and fields ----
  'GET /api/facilities': { access: 'public', call: () => ({ url: '/api/facilities?includeInactive=true' }), expect: PUBLIC },
  'POST /api/facilities': { access: 'admin', call: (as, f) => ({ url: '/api/facilities', body: { name: f.unique(`Park by ${as}`) } }), expect: ADMIN_ONLY },
  'PUT /api/facilities/:id': {
    access: 'admin',
    call: async (as, f) => ({ url: `/api/facilities/${await f.facility()}`, body: { name: f.unique(`Renamed park ${as}`), address: '1 Main St' } }),
    expect: ADMIN_ONLY,
  },
  'POST /api/fields': {
    access: 'admin',
    call: (as, f) => ({ url: '/api/fields', body: { facilityId: f.facilityId, name: f.unique(`Field by ${as}`), surface: 'grass', lights: false, color: '#1e40af' } }),
    expect: ADMIN_ONLY,
  },
  'PUT /api/fields/:id': {
    access: 'admin',
    call: async (as, f) => ({ url: `/api/fields/${await f.field()}`, body: { facilityId: f.facilityId, name: f.unique(`Renamed field ${as}`), surface: 'turf', lights: true, color: '#123456' } }),
    expect: ADMIN_ONLY,
  },

  // ---- slots and blocks ----
  'GET /api/slots': { access: 'public', call: (_as, f) => ({ url: `/api/slots?from=${f.monday.toString()}&to=${f.monday.add({ days: 6 }).toString()}` }), expect: PUBLIC },
  'GET /api/slots/by-id': { access: 'public', call: async (_as, f) => ({ url: `/api/slots/by-id?ids=${await f.slot()}` }), expect: PUBLIC },
  'POST /api/slots/preview': { access: 'admin', call: async (_as, f) => ({ url: '/api/slots/preview', body: await f.generatorInput() }), expect: ADMIN_ONLY },
  'POST /api/slots/generate': { access: 'admin', call: async (_as, f) => ({ url: '/api/slots/generate', body: await f.generatorInput() }), expect: ADMIN_ONLY },
  'PUT /api/slots/:id': {
    access: 'admin',
    call: async (_as, f) => {
      const id = await f.slot();
      const [row] = await f.db.select().from(slots).where(eq(slots.id, id));
      return { url: `/api/slots/${id}`, body: { startsAt: row!.startsAt.toISOString(), endsAt: row!.endsAt.toISOString(), notes: 'Bring water' } };
    },
    expect: ADMIN_ONLY,
  },
  'DELETE /api/slots/:id': { access: 'admin', call: async (_as, f) => ({ url: `/api/slots/${await f.slot()}` }), expect: ADMIN_ONLY },
  'GET /api/blocks': { access: 'admin', call: () => ({ url: '/api/blocks' }), expect: ADMIN_ONLY },
  'POST /api/blocks': {
    access: 'admin',
    call: async (_as, f) => ({ url: '/api/blocks', body: { scope: 'slot', slotId: await f.slot(), category: 'weather', reason: 'Field flooded' } }),
    expect: ADMIN_ONLY,
  },
  'DELETE /api/blocks/:id': { access: 'admin', call: async (_as, f) => ({ url: `/api/blocks/${await f.block()}` }), expect: ADMIN_ONLY },
  // ---- rain-outs and make-up credits (issue 28) ----
  'GET /api/field-status': { access: 'public', call: () => ({ url: '/api/field-status' }), expect: PUBLIC },
  'GET /api/rain-outs/mine': { access: 'user', call: () => ({ url: '/api/rain-outs/mine' }), expect: SIGNED_IN },
  'POST /api/rain-outs/:id/dismiss': { access: 'user', call: async (_as, f) => ({ url: `/api/rain-outs/${await f.rainOut()}/dismiss`, body: {} }), expect: SIGNED_IN },
  'GET /api/rain-outs': { access: 'admin', call: () => ({ url: '/api/rain-outs' }), expect: ADMIN_ONLY },
  'POST /api/rain-outs': { access: 'admin', call: async (_as, f) => ({ url: '/api/rain-outs', body: await f.rainOutBody() }), expect: ADMIN_ONLY },
  'POST /api/rain-outs/:id/reopen': { access: 'admin', call: async (_as, f) => ({ url: `/api/rain-outs/${await f.rainOut()}/reopen`, body: {} }), expect: ADMIN_ONLY },
  // ---- the waitlist with a hold (issue 28): coach B's team waits; coach A and the member get B's waits ----
  'GET /api/waits/mine': { access: 'user', call: () => ({ url: '/api/waits/mine' }), expect: SIGNED_IN },
  'POST /api/slots/:id/waits': {
    access: 'user',
    // A slot team B has booked: team A may wait on it; team B has it; the member and the admin are not coaches.
    call: async (_as, f) => ({ url: `/api/slots/${await f.slotBookedByB()}/waits`, body: {} }),
    expect: { visitor: 'denied', member: 'denied', coachA: 'ok', coachB: 'conflict', admin: 'denied' },
  },
  'POST /api/waits/:id/take': { access: 'user', call: async (_as, f) => ({ url: `/api/waits/${await f.waitOfB(true)}/take`, body: {} }), expect: { visitor: 'denied', member: 'denied', coachA: REFUSED, coachB: 'ok', admin: 'denied' } },
  'POST /api/waits/:id/pass': { access: 'user', call: async (_as, f) => ({ url: `/api/waits/${await f.waitOfB(true)}/pass`, body: {} }), expect: { visitor: 'denied', member: 'denied', coachA: REFUSED, coachB: 'ok', admin: 'denied' } },
  'DELETE /api/waits/:id': { access: 'user', call: async (_as, f) => ({ url: `/api/waits/${await f.waitOfB(false)}` }), expect: { visitor: 'denied', member: 'denied', coachA: REFUSED, coachB: 'ok', admin: 'denied' } },
  // ---- practice swaps (issue 29): team B's coach offers, accepts, declines and withdraws; coach A gets B's offers ----
  'GET /api/swaps/mine': { access: 'user', call: () => ({ url: '/api/swaps/mine' }), expect: SIGNED_IN },
  'GET /api/swaps/practices': {
    access: 'user',
    // Team B's practices to ask for: coach A may list them; coach B is told to choose another team; the member and the
    // admin are not coaches.
    call: (_as, f) => ({ url: `/api/swaps/practices?teamId=${f.teamB}` }),
    expect: { visitor: 'denied', member: 'denied', coachA: 'ok', coachB: 'invalid', admin: 'denied' },
  },
  'POST /api/swaps': {
    access: 'user',
    // Team B's practice given to team A: only team B's coach may offer it; the member and the admin are not coaches.
    call: async (_as, f) => {
      const booking = await f.bookingOfB();
      return { url: '/api/swaps', body: { kind: 'give', bookingId: booking, toTeamId: f.teamA }, ids: { booking } };
    },
    expect: { visitor: 'denied', member: 'denied', coachA: REFUSED, coachB: 'ok', admin: 'denied' },
    after: async (as, call, _answer, f) => (as === 'coachB' || (await f.openOffersOf(call.ids!.booking!)) === 0 ? [] : [`${as} offered team B's practice`]),
  },
  'POST /api/swaps/:id/accept': {
    access: 'user',
    call: async (_as, f) => {
      const offer = await f.offerToB();
      return { url: `/api/swaps/${offer}/accept`, body: {}, ids: { offer } };
    },
    expect: { visitor: 'denied', member: 'denied', coachA: REFUSED, coachB: 'ok', admin: 'denied' },
    after: async (as, call, _answer, f) => (as === 'coachB' || (await f.offerState(call.ids!.offer!)) === 'open' ? [] : [`${as} answered team B's offer`]),
  },
  'POST /api/swaps/:id/decline': {
    access: 'user',
    call: async (_as, f) => {
      const offer = await f.offerToB();
      return { url: `/api/swaps/${offer}/decline`, body: {}, ids: { offer } };
    },
    expect: { visitor: 'denied', member: 'denied', coachA: REFUSED, coachB: 'ok', admin: 'denied' },
    after: async (as, call, _answer, f) => (as === 'coachB' || (await f.offerState(call.ids!.offer!)) === 'open' ? [] : [`${as} answered team B's offer`]),
  },
  'POST /api/swaps/:id/withdraw': {
    access: 'user',
    call: async (_as, f) => {
      const offer = await f.offerFromB();
      return { url: `/api/swaps/${offer}/withdraw`, body: {}, ids: { offer } };
    },
    expect: { visitor: 'denied', member: 'denied', coachA: REFUSED, coachB: 'ok', admin: 'denied' },
    after: async (as, call, _answer, f) => (as === 'coachB' || (await f.offerState(call.ids!.offer!)) === 'open' ? [] : [`${as} withdrew team B's offer`]),
  },
  'GET /api/makeup-credits': { access: 'admin', call: (_as, f) => ({ url: `/api/makeup-credits?teamId=${f.teamB}` }), expect: ADMIN_ONLY },
  'POST /api/makeup-credits': { access: 'admin', call: (_as, f) => ({ url: '/api/makeup-credits', body: { teamId: f.teamB, reason: 'Umpire no-show' } }), expect: ADMIN_ONLY },
  'DELETE /api/makeup-credits/:id': { access: 'admin', call: async (_as, f) => ({ url: `/api/makeup-credits/${await f.makeupCredit()}` }), expect: ADMIN_ONLY },
  // A game on a field the league does not have: a problem row, so an admin's apply changes nothing.
  'POST /api/admin/schedule-import/preview': {
    access: 'admin',
    call: () => ({ url: '/api/admin/schedule-import/preview', body: { filename: 'games.csv', content: 'date,start,end,field\n2030-01-07,17:00,19:00,Nowhere – Field 9\n' } }),
    expect: ADMIN_ONLY,
  },
  'POST /api/admin/schedule-import/apply': {
    access: 'admin',
    call: () => ({ url: '/api/admin/schedule-import/apply', body: { filename: 'games.csv', content: 'date,start,end,field\n2030-01-07,17:00,19:00,Nowhere – Field 9\n' } }),
    expect: ADMIN_ONLY,
  },

  // ---- bookings ----
  'GET /api/bookings/context': { access: 'public', call: (_as, f) => ({ url: `/api/bookings/context?seasonId=${f.seasonId}` }), expect: PUBLIC },
  'POST /api/bookings': {
    access: 'user',
    // The team always comes from the session: coach A books for team A even when asking for team B.
    call: async (_as, f) => ({ url: '/api/bookings', body: { slotId: await f.slot(), teamId: f.teamB } }),
    // A parent cannot book (not a coach), nor an admin without a team.
    expect: { visitor: 'denied', member: 'denied', coachA: 'ok', coachB: 'ok', admin: 'denied' },
    after: async (as, _call, answer, f) => {
      if (as !== 'coachA' || !OUTCOMES.ok(answer.status)) return [];
      const teamId = (json(answer) as { booking?: { teamId?: string } })?.booking?.teamId;
      return teamId === f.teamA ? [] : [`coach A booked for team ${teamId === f.teamB ? 'B' : String(teamId)}`];
    },
  },
  'GET /api/bookings/mine': {
    access: 'user',
    call: async (_as, f) => {
      await f.bookingOfB();
      return { url: '/api/bookings/mine' };
    },
    expect: SIGNED_IN,
    after: async (as, _call, answer, f) => {
      if (!OUTCOMES.ok(answer.status)) return [];
      const own = as === 'coachB' ? f.teamB : as === 'admin' ? null : f.teamA;
      const list = ((json(answer) as { bookings?: Array<{ teamId: string }> })?.bookings ?? []);
      const others = list.filter((b) => b.teamId !== own);
      return others.length ? [`${as} sees ${others.length} booking(s) of another team`] : [];
    },
  },
  'POST /api/bookings/:id/cancel': {
    access: 'user',
    call: async (_as, f) => {
      const booking = await f.bookingOfB();
      return { url: `/api/bookings/${booking}/cancel`, body: { reason: 'Rain' }, ids: { booking } };
    },
    // Only team B's coach cancels team B's practice here; the admin uses the admin route.
    expect: { visitor: 'denied', member: REFUSED, coachA: REFUSED, coachB: 'ok', admin: REFUSED },
    after: async (as, call, _answer, f) => {
      if (as === 'coachB') return [];
      const status = await f.bookingStatus(call.ids!.booking!);
      return status === 'confirmed' ? [] : [`${as} cancelled team B's booking`];
    },
  },
  'GET /api/bookings/:id/ics': {
    access: 'user',
    call: async (_as, f) => ({ url: `/api/bookings/${await f.bookingOfB()}/ics` }),
    expect: { visitor: 'denied', member: REFUSED, coachA: REFUSED, coachB: 'ok', admin: 'ok' },
  },
  'GET /api/admin/bookings': { access: 'admin', call: (_as, f) => ({ url: `/api/admin/bookings?teamId=${f.teamB}` }), expect: ADMIN_ONLY },
  'GET /api/admin/bookings.csv': { access: 'admin', call: (_as, f) => ({ url: `/api/admin/bookings.csv?teamId=${f.teamB}` }), expect: ADMIN_ONLY },
  'POST /api/admin/bookings/:id/cancel': {
    access: 'admin',
    call: async (_as, f) => {
      const booking = await f.bookingOfB();
      return { url: `/api/admin/bookings/${booking}/cancel`, body: { reason: 'Tournament' }, ids: { booking } };
    },
    expect: ADMIN_ONLY,
    after: async (as, call, _answer, f) =>
      as === 'admin' || (await f.bookingStatus(call.ids!.booking!)) === 'confirmed' ? [] : [`${as} cancelled team B's booking`],
  },
  'POST /api/admin/bookings/:id/move': {
    access: 'admin',
    call: async (_as, f) => {
      const booking = await f.bookingOfB();
      return { url: `/api/admin/bookings/${booking}/move`, body: { slotId: await f.slot(), reason: 'Swap' }, ids: { booking } };
    },
    expect: ADMIN_ONLY,
  },
  'POST /api/admin/bookings/override': {
    access: 'admin',
    call: async (_as, f) => ({ url: '/api/admin/bookings/override', body: { slotId: await f.slot(), teamId: f.teamB, reason: 'Make-up game', bump: false } }),
    expect: ADMIN_ONLY,
  },

  // ---- calendar feeds ----
  'GET /api/calendar/league.ics': { access: 'public', call: () => ({ url: '/api/calendar/league.ics' }), expect: PUBLIC },
  'GET /api/calendar/fields/:fieldId.ics': { access: 'public', call: (_as, f) => ({ url: `/api/calendar/fields/${f.fieldId}.ics` }), expect: PUBLIC },
  'GET /api/calendar/teams/:token.ics': {
    access: 'public',
    // The secret link is the credential: whoever holds team B's link reads team B's feed.
    call: async (_as, f) => ({ url: await f.teamFeedPathOfB() }),
    expect: PUBLIC,
  },
  'GET /api/me/calendar-feed': {
    access: 'user',
    // A parent is no coach; the admin has no team of their own.
    call: () => ({ url: '/api/me/calendar-feed' }),
    expect: { visitor: 'denied', member: 'denied', coachA: 'ok', coachB: 'ok', admin: 'not-found' },
  },
  'POST /api/me/calendar-feed/regenerate': {
    access: 'user',
    call: () => ({ url: '/api/me/calendar-feed/regenerate' }),
    expect: { visitor: 'denied', member: 'denied', coachA: 'ok', coachB: 'ok', admin: 'not-found' },
  },
  'GET /api/teams/:id/calendar-feed': {
    access: 'user',
    call: (_as, f) => ({ url: `/api/teams/${f.teamB}/calendar-feed` }),
    expect: { visitor: 'denied', member: REFUSED, coachA: REFUSED, coachB: 'ok', admin: 'ok' },
  },
  'POST /api/teams/:id/calendar-feed/regenerate': {
    access: 'user',
    call: async (_as, f) => ({ url: `/api/teams/${f.teamB}/calendar-feed/regenerate`, ids: { link: await f.teamFeedPathOfB() } }),
    expect: { visitor: 'denied', member: REFUSED, coachA: REFUSED, coachB: 'ok', admin: 'ok' },
    after: async (as, call, _answer, f) => {
      if (as === 'coachB' || as === 'admin') return [];
      const status = (await f.t.app.inject({ url: call.ids!.link! })).statusCode;
      return status === 200 ? [] : [`${as} regenerated team B's calendar link (the old one answers ${status})`];
    },
  },
  // ---- practice requests (issue 13) ----
  'POST /api/practice-requests': {
    access: 'user',
    // The admin has no team of their own; a parent is no coach.
    call: async (_as, f) => {
      await f.makeRoomForRequestOfB();
      return { url: '/api/practice-requests', body: f.practiceRequestBody() };
    },
    expect: { visitor: 'denied', member: 'denied', coachA: 'ok', coachB: 'ok', admin: 'denied' },
  },
  'GET /api/practice-requests/mine': {
    access: 'user',
    call: () => ({ url: '/api/practice-requests/mine' }),
    expect: { visitor: 'denied', member: 'denied', coachA: 'ok', coachB: 'ok', admin: 'denied' },
  },
  'POST /api/practice-requests/:id/withdraw': {
    access: 'user',
    call: async (_as, f) => {
      const request = await f.pendingRequestOfB();
      return { url: `/api/practice-requests/${request}/withdraw`, ids: { request } };
    },
    expect: { visitor: 'denied', member: REFUSED, coachA: REFUSED, coachB: 'ok', admin: REFUSED },
    after: async (as, call, _answer, f) =>
      as === 'coachB' || (await f.requestStatusOfB(call.ids!.request!)) === 'pending' ? [] : [`${as} withdrew team B's practice request`],
  },
  'GET /api/admin/practice-requests': { access: 'admin', call: () => ({ url: '/api/admin/practice-requests' }), expect: ADMIN_ONLY },
  'POST /api/admin/practice-requests/:id/approve': {
    access: 'admin',
    call: async (_as, f) => {
      const request = await f.pendingRequestOfB();
      return { url: `/api/admin/practice-requests/${request}/approve`, body: { slotId: await f.slot() }, ids: { request } };
    },
    expect: ADMIN_ONLY,
    after: async (as, call, _answer, f) =>
      as === 'admin' || (await f.requestStatusOfB(call.ids!.request!)) === 'pending' ? [] : [`${as} decided team B's practice request`],
  },
  'POST /api/admin/practice-requests/:id/decline': {
    access: 'admin',
    call: async (_as, f) => {
      const request = await f.pendingRequestOfB();
      return { url: `/api/admin/practice-requests/${request}/decline`, body: { reason: 'No fields that week' }, ids: { request } };
    },
    expect: ADMIN_ONLY,
    after: async (as, call, _answer, f) =>
      as === 'admin' || (await f.requestStatusOfB(call.ids!.request!)) === 'pending' ? [] : [`${as} decided team B's practice request`],
  },

  // ---- clinics (issue 13) ----
  'GET /api/clinics': { access: 'public', call: () => ({ url: '/api/clinics' }), expect: PUBLIC },
  'GET /api/clinics/mine': { access: 'user', call: () => ({ url: '/api/clinics/mine' }), expect: SIGNED_IN },
  'POST /api/clinics': { access: 'admin', call: (as, f) => ({ url: '/api/clinics', body: f.clinicBody(`Clinic by ${as}`) }), expect: ADMIN_ONLY },
  'PUT /api/clinics/:id': {
    access: 'admin',
    call: async (as, f) => ({ url: `/api/clinics/${await f.clinic()}`, body: f.clinicBody(`Renamed by ${as}`) }),
    expect: ADMIN_ONLY,
  },
  'POST /api/clinics/:id/cancel': {
    access: 'admin',
    call: async (_as, f) => {
      const clinic = await f.clinic();
      return { url: `/api/clinics/${clinic}/cancel`, body: { reason: 'Rain' }, ids: { clinic } };
    },
    expect: ADMIN_ONLY,
    after: async (as, call, _answer, f) => (as === 'admin' || (await f.clinicListed(call.ids!.clinic!)) ? [] : [`${as} cancelled a clinic`]),
  },
  'POST /api/clinics/:id/registrations': {
    access: 'user',
    call: async (as, f) => ({ url: `/api/clinics/${await f.clinic()}/registrations`, body: { participantName: `Kid of ${as}`, participantAge: 9, emergencyContact: 'Grandma 555-0100' } }),
    expect: SIGNED_IN,
  },
  'POST /api/clinics/registrations/:id/cancel': {
    access: 'user',
    // Coach B's child's place: only coach B (the registrant) and an admin may cancel it; others do not learn it exists.
    call: async (_as, f) => {
      const { clinic, registration } = await f.clinicRegistrationOfB();
      return { url: `/api/clinics/registrations/${registration}/cancel`, ids: { clinic, registration } };
    },
    expect: { visitor: 'denied', member: 'not-found', coachA: 'not-found', coachB: 'ok', admin: 'ok' },
    after: async (as, call, _answer, f) =>
      as === 'coachB' || as === 'admin' || (await f.clinicRegistrationStatus(call.ids!.clinic!, call.ids!.registration!)) === 'registered' ? [] : [`${as} cancelled coach B's clinic registration`],
  },
  'POST /api/clinics/:id/registrations/:registrationId/cancel': {
    access: 'admin',
    call: async (_as, f) => {
      const { clinic, registration } = await f.clinicRegistrationOfB();
      return { url: `/api/clinics/${clinic}/registrations/${registration}/cancel`, ids: { clinic, registration } };
    },
    expect: ADMIN_ONLY,
    after: async (as, call, _answer, f) =>
      as === 'admin' || (await f.clinicRegistrationStatus(call.ids!.clinic!, call.ids!.registration!)) === 'registered' ? [] : [`${as} cancelled a registration from the roster`],
  },
  'GET /api/clinics/:id/roster': { access: 'admin', call: async (_as, f) => ({ url: `/api/clinics/${(await f.clinicRegistrationOfB()).clinic}/roster` }), expect: ADMIN_ONLY },
  'GET /api/clinics/:id/roster.csv': { access: 'admin', call: async (_as, f) => ({ url: `/api/clinics/${(await f.clinicRegistrationOfB()).clinic}/roster.csv` }), expect: ADMIN_ONLY },

  // ---- the opening round (issue 26) ----
  'GET /api/openings': { access: 'admin', call: (_as, f) => ({ url: `/api/openings?seasonId=${f.seasonId}` }), expect: ADMIN_ONLY },
  'GET /api/openings/current': { access: 'public', call: () => ({ url: '/api/openings/current' }), expect: PUBLIC },
  'POST /api/openings': { access: 'admin', call: async (_as, f) => ({ url: '/api/openings', body: f.openingBody(await f.season()) }), expect: ADMIN_ONLY },
  'PATCH /api/openings/:id': {
    access: 'admin',
    call: async (_as, f) => {
      const { id, seasonId } = await f.opening('announced');
      const { seasonId: _, ...body } = f.openingBody(seasonId, 3) as { seasonId: string };
      return { url: `/api/openings/${id}`, body };
    },
    expect: ADMIN_ONLY,
  },
  'POST /api/openings/:id/cancel': {
    access: 'admin',
    call: async (_as, f) => {
      const { id } = await f.opening('announced');
      return { url: `/api/openings/${id}/cancel`, body: {}, ids: { id } };
    },
    expect: ADMIN_ONLY,
    after: async (as, call, _answer, f) => (as === 'admin' || (await f.openingStatus(call.ids!.id!)) === 'announced' ? [] : [`${as} cancelled an opening round`]),
  },
  'POST /api/openings/:id/draw': {
    access: 'admin',
    call: async (_as, f) => {
      const { id } = await f.opening('closed');
      return { url: `/api/openings/${id}/draw`, body: {}, ids: { id } };
    },
    expect: ADMIN_ONLY,
    after: async (as, call, _answer, f) => (as === 'admin' || (await f.openingStatus(call.ids!.id!)) === 'closed' ? [] : [`${as} drew an opening round`]),
  },
  'POST /api/openings/:id/open-rest': { access: 'admin', call: async (_as, f) => ({ url: `/api/openings/${(await f.opening('drawn')).id}/open-rest`, body: {} }), expect: ADMIN_ONLY },
  'GET /api/openings/:id': { access: 'public', call: async (_as, f) => ({ url: `/api/openings/${(await f.opening('drawn')).id}` }), expect: PUBLIC },
  'GET /api/openings/:id/inputs': { access: 'public', call: async (_as, f) => ({ url: `/api/openings/${(await f.opening('drawn')).id}/inputs` }), expect: PUBLIC },
  // A parent is no coach; the admin has no team of their own. Each coach reads and saves their own team's list only.
  'GET /api/openings/:id/preferences': {
    access: 'user',
    call: async (_as, f) => ({ url: `/api/openings/${(await f.openRoundOfLeague()).id}/preferences` }),
    expect: { visitor: 'denied', member: 'denied', coachA: 'ok', coachB: 'ok', admin: 'denied' },
  },
  'PUT /api/openings/:id/preferences': {
    access: 'user',
    call: async (_as, f) => {
      const { id, slotId } = await f.openRoundOfLeague();
      return { url: `/api/openings/${id}/preferences`, body: { slotIds: [slotId] } };
    },
    expect: { visitor: 'denied', member: 'denied', coachA: 'ok', coachB: 'ok', admin: 'denied' },
  },

  // ---- contact and announcements (issue 13) ----
  'GET /api/announcements': { access: 'public', call: () => ({ url: '/api/announcements' }), expect: PUBLIC },
  'POST /api/announcements/:id/dismiss': { access: 'user', call: async (_as, f) => ({ url: `/api/announcements/${await f.announcement()}/dismiss` }), expect: SIGNED_IN },
  'GET /api/admin/announcements': { access: 'admin', call: () => ({ url: '/api/admin/announcements' }), expect: ADMIN_ONLY },
  'POST /api/admin/announcements/preview': { access: 'admin', call: () => ({ url: '/api/admin/announcements/preview', body: { body: '**Rain** today' } }), expect: ADMIN_ONLY },
  'POST /api/admin/announcements': {
    access: 'admin',
    call: (as, f) => ({ url: '/api/admin/announcements', body: { title: f.unique(`Matrix news by ${as}`), body: 'Fields open', audience: 'everyone', severity: 'info' } }),
    expect: ADMIN_ONLY,
    after: async (as, call, _answer, f) => {
      if (as === 'admin') return [];
      const title = (call.body as { title: string }).title;
      return (await f.announcementTitles()).includes(title) ? [`${as} published an announcement`] : [];
    },
  },
  'PUT /api/admin/announcements/:id': {
    access: 'admin',
    call: async (as, f) => {
      const id = await f.announcement();
      return { url: `/api/admin/announcements/${id}`, body: { title: f.unique(`Matrix edit by ${as}`), body: 'Changed', audience: 'admins', severity: 'urgent' }, ids: { id } };
    },
    expect: ADMIN_ONLY,
    after: async (as, call, _answer, f) => {
      if (as === 'admin') return [];
      return (await f.announcementTitles()).includes((call.body as { title: string }).title) ? [`${as} edited an announcement`] : [];
    },
  },
  'DELETE /api/admin/announcements/:id': {
    access: 'admin',
    call: async (_as, f) => {
      const id = await f.announcement();
      return { url: `/api/admin/announcements/${id}`, ids: { id } };
    },
    expect: ADMIN_ONLY,
    after: async (as, call, _answer, f) => (as === 'admin' || (await f.announcementIds()).includes(call.ids!.id!) ? [] : [`${as} deleted an announcement`]),
  },
  'POST /api/contact': {
    access: 'public',
    // Anyone may write to the league; each caller from an address of its own, so the hourly limit never trips here.
    call: (as) => ({ url: '/api/contact', body: { name: `Sender ${as}`, email: `contact-${as}@example.org`, subject: 'Matrix', message: 'A message to the league from the matrix.' } }),
    expect: PUBLIC,
  },
  'GET /api/admin/contact-messages': { access: 'admin', call: () => ({ url: '/api/admin/contact-messages?status=new' }), expect: ADMIN_ONLY },
  'PATCH /api/admin/contact-messages/:id': {
    access: 'admin',
    call: async (_as, f) => ({ url: `/api/admin/contact-messages/${await f.contactMessage()}`, body: { status: 'read' } }),
    expect: ADMIN_ONLY,
  },
  // ---- mail an admin can see (issue 24) ----
  'GET /api/admin/mail-messages': { access: 'admin', call: () => ({ url: '/api/admin/mail-messages?view=failed' }), expect: ADMIN_ONLY },
  'POST /api/admin/mail-messages/:id/resend': {
    access: 'admin',
    // No such message: an admin hears 404 in words; everyone else is turned away before the lookup.
    call: () => ({ url: '/api/admin/mail-messages/00000000-0000-4000-8000-000000000000/resend', body: {} }),
    expect: { ...everyone('denied'), admin: 'not-found' },
  },
  // ---- audit log (issue 14) ----
  'GET /api/admin/audit-log': { access: 'admin', call: () => ({ url: '/api/admin/audit-log?action=season.create&limit=5' }), expect: ADMIN_ONLY },
  'GET /api/admin/audit-log.csv': { access: 'admin', call: () => ({ url: '/api/admin/audit-log.csv?action=season.create' }), expect: ADMIN_ONLY },
  // ---- reports (issue 14) ----
  'GET /api/admin/reports': { access: 'admin', call: () => ({ url: '/api/admin/reports?from=2027-03-01&to=2027-03-31' }), expect: ADMIN_ONLY },
  'GET /api/admin/reports/csv': { access: 'admin', call: () => ({ url: '/api/admin/reports/csv?table=teams&from=2027-03-01&to=2027-03-31' }), expect: ADMIN_ONLY },
  // ---- file storage (issue 15; the uploads themselves: modules/storage/storage-*.api.test.ts) ----
  'POST /api/storage/v0/b/:bucket/o': {
    access: 'user',
    // Everyone aims at coach B's folder with a JSON body: others are refused by the folder rule (403) before the body
    // is read; coach B and the admin pass it and get 415 for a body that is not multipart.
    call: (_as, f) => ({ url: `/api/storage/v0/b/${f.t.context.storage.bucket}/o?name=${encodeURIComponent(`users/${f.users.coachB.id}/matrix.txt`)}`, body: {} }),
    expect: { visitor: 'denied', member: 'denied', coachA: 'denied', coachB: 'unsupported', admin: 'unsupported' },
  },
  'GET /api/storage/v0/b/:bucket/o/*': {
    access: 'public',
    // The download address of coach B's file: its token is what opens it, for anyone holding it (the metadata
    // read on the same address needs the owner or an admin: storage-*.api.test.ts).
    call: async (_as, f) => ({ url: (await f.storedFileOfB()).downloadURL }),
    expect: PUBLIC,
  },
  'DELETE /api/storage/v0/b/:bucket/o/*': {
    access: 'user',
    call: async (_as, f) => {
      const file = await f.storedFileOfB();
      return { url: f.storageObjectUrl(file.fullPath), ids: { path: file.fullPath } };
    },
    expect: { visitor: 'denied', member: 'denied', coachA: 'denied', coachB: 'ok', admin: 'ok' },
    after: async (as, call, _answer, f) =>
      as === 'coachB' || as === 'admin' || (await f.t.context.storage.getMetadata(call.ids!.path!)) ? [] : [`${as} deleted coach B's file`],
  },
};

/** The league the walk plays in, and fresh data on demand (one piece per call that changes something). */
class Fixtures {
  private counter = 0;
  private day = 0;
  readonly monday = nextMonday();
  users!: Record<Exclude<Caller, 'visitor'>, TestUser>;
  seasonId!: string;
  facilityId!: string;
  fieldId!: string;
  teamA!: string;
  teamB!: string;
  teamBName!: string;
  leagueSettings!: unknown;
  /** Generous limits, so the walk's many practices of team B never trip a rule. */
  readonly rules = { bookingOpen: true, pausedMessage: null, windowOpensAt: null, windowClosesAt: null, maxPerWeek: 14, maxPerDay: 5, maxUpcoming: 50, minLeadHours: 0, maxAheadDays: 366, cancelCutoffHours: 1 };

  constructor(readonly t: TestApp) {}

  get db() {
    return this.t.database.db;
  }

  unique(prefix: string): string {
    return `${prefix} ${++this.counter}`.replace(/[^\w -]/g, '');
  }

  /** A unique name fit for an email address. */
  slug(prefix: string): string {
    return this.unique(prefix).toLowerCase().replace(/[^a-z0-9]+/g, '.');
  }

  async seed(): Promise<void> {
    const today = Temporal.Now.plainDateISO(TZ);
    const [season] = await this.db
      .insert(seasons)
      .values({ name: 'Matrix season', startsOn: today.subtract({ days: 30 }).toString(), endsOn: today.add({ days: 300 }).toString(), active: true })
      .returning({ id: seasons.id });
    this.seasonId = season!.id;
    await this.db.insert(bookingRules).values({ seasonId: this.seasonId, ...this.rules });
    this.facilityId = (await this.db.insert(facilities).values({ name: 'Matrix Park', mapUrl: 'https://maps.example.org/park' }).returning({ id: facilities.id }))[0]!.id;
    this.fieldId = (await this.db.insert(fields).values({ facilityId: this.facilityId, name: 'Field 1' }).returning({ id: fields.id }))[0]!.id;
    const [a, b] = await this.db.insert(teams).values([{ name: 'Team A' }, { name: 'Team B' }]).returning({ id: teams.id, name: teams.name });
    this.teamA = a!.id;
    this.teamB = b!.id;
    this.teamBName = b!.name;
    this.users = {
      member: await this.t.signUp({ email: 'parent.a@example.org', role: 'member', teamId: this.teamA, name: 'Parent A' }),
      coachA: await this.t.signUp({ email: 'coach.a@example.org', role: 'coach', teamId: this.teamA, name: 'Coach A' }),
      coachB: await this.t.signUp({ email: 'coach.b@example.org', role: 'coach', teamId: this.teamB, name: 'Coach B' }),
      admin: await this.t.signUp({ email: 'league.admin@example.org', role: 'admin', name: 'League Admin' }),
    };
    // The walk leaves many of team B's waits live (only coach B's own calls end one): room for all of them, also after
    // the walk's PUT /api/league (which sends these settings back).
    const settings = (await this.t.app.inject({ url: '/api/league' })).json<Record<string, unknown>>();
    await this.db.update(leagueSettings).set({ maxWaits: 20 });
    this.leagueSettings = { ...settings, maxWaits: 20 };
  }

  /** An open slot of its own: one a day from next Monday, so team B's practices never reach a daily limit. */
  async slot(): Promise<string> {
    const day = this.monday.add({ days: this.day++ });
    if (this.day > 250) throw new Error('the matrix ran out of days in its season: lengthen it');
    const startsAt = at(day, '09:00');
    const [row] = await this.db.insert(slots).values({ seasonId: this.seasonId, fieldId: this.fieldId, startsAt, endsAt: new Date(startsAt.getTime() + 90 * 60_000) }).returning({ id: slots.id });
    return row!.id;
  }

  /** A confirmed upcoming practice of team B, booked by its coach. */
  async bookingOfB(): Promise<string> {
    const [row] = await this.db.insert(bookings).values({ slotId: await this.slot(), teamId: this.teamB, bookedBy: this.users.coachB.id }).returning({ id: bookings.id });
    return row!.id;
  }

  /** The path of team B's secret calendar feed link, as its coach sees it. */
  async teamFeedPathOfB(): Promise<string> {
    const res = await this.t.app.inject({ url: '/api/me/calendar-feed', headers: { cookie: this.users.coachB.cookie } });
    if (res.statusCode !== 200) throw new Error(`could not read team B's calendar link: ${res.statusCode} ${res.body}`);
    return new URL(res.json<{ feed: { url: string } }>().feed.url).pathname;
  }

  async bookingStatus(id: string): Promise<string | undefined> {
    return (await this.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, id)))[0]?.status;
  }

  /** A pending invitation for a new coach of team B, with the token its email would carry. */
  async invitation(): Promise<{ id: string; token: string }> {
    const token = newToken();
    const [row] = await this.db
      .insert(invitations)
      .values({ email: `${this.slug('invited')}@example.org`, role: 'coach', teamId: this.teamB, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 7 * 86_400_000), invitedBy: this.users.admin.id })
      .returning({ id: invitations.id });
    return { id: row!.id, token };
  }

  async season(): Promise<string> {
    const [row] = await this.db.insert(seasons).values({ name: this.unique('Spare season'), startsOn: '2031-01-01', endsOn: '2031-12-31' }).returning({ id: seasons.id });
    await this.db.insert(bookingRules).values({ seasonId: row!.id, ...this.rules });
    return row!.id;
  }

  /** A division of its own (no team in it, no field limited to it: it may be deleted). */
  async division(): Promise<string> {
    return (await this.db.insert(divisions).values({ name: this.unique('Spare division'), position: 1000 }).returning({ id: divisions.id }))[0]!.id;
  }

  async team(): Promise<string> {
    return (await this.db.insert(teams).values({ name: this.unique('Spare team') }).returning({ id: teams.id }))[0]!.id;
  }

  async facility(): Promise<string> {
    return (await this.db.insert(facilities).values({ name: this.unique('Spare park') }).returning({ id: facilities.id }))[0]!.id;
  }

  async field(): Promise<string> {
    return (await this.db.insert(fields).values({ facilityId: this.facilityId, name: this.unique('Spare field') }).returning({ id: fields.id }))[0]!.id;
  }

  // ---- fixtures for issue 13's routes (each part adds its own below its heading) ----
  // practice requests:
  practiceRequestBody(): unknown {
    return { preferredDates: [this.monday.add({ days: 3 }).toString()], windowStart: '16:00', windowEnd: '20:00', durationMinutes: 60, notes: 'Matrix' };
  }

  private asCoachB(method: 'GET' | 'POST', url: string, payload?: unknown) {
    return this.t.app.inject({ method, url, headers: { origin: TEST_ORIGIN, cookie: this.users.coachB.cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
  }

  async requestStatusOfB(id: string): Promise<string | undefined> {
    const res = await this.asCoachB('GET', '/api/practice-requests/mine');
    return res.json<{ requests: Array<{ id: string; status: string }> }>().requests.find((r) => r.id === id)?.status;
  }

  /** Team B may hold 3 pending requests: the walk withdraws the ones earlier calls left, as its coach would. */
  async makeRoomForRequestOfB(): Promise<void> {
    const res = await this.asCoachB('GET', '/api/practice-requests/mine');
    for (const r of res.json<{ requests: Array<{ id: string; status: string }> }>().requests) {
      if (r.status === 'pending') await this.asCoachB('POST', `/api/practice-requests/${r.id}/withdraw`);
    }
  }

  /** A pending practice request of team B, filed by its coach. */
  async pendingRequestOfB(): Promise<string> {
    await this.makeRoomForRequestOfB();
    const res = await this.asCoachB('POST', '/api/practice-requests', this.practiceRequestBody());
    if (res.statusCode !== 201) throw new Error(`could not file a practice request: ${res.statusCode} ${res.body}`);
    return res.json<{ request: { id: string } }>().request.id;
  }
  // clinics:
  clinicBody(title: string): unknown {
    const startsAt = new Date(Date.now() + 14 * 86_400_000);
    return { title: this.unique(title), startsAt: startsAt.toISOString(), endsAt: new Date(startsAt.getTime() + 2 * 3_600_000).toISOString(), locationText: 'Matrix gym', capacity: 5, published: true };
  }

  /** A published clinic of its own, created through the API by the admin. */
  async clinic(): Promise<string> {
    const res = await this.t.app.inject({ method: 'POST', url: '/api/clinics', headers: { origin: TEST_ORIGIN, cookie: this.users.admin.cookie }, payload: this.clinicBody('Matrix clinic') as object });
    if (res.statusCode !== 201) throw new Error(`could not make a clinic: ${res.statusCode} ${res.body}`);
    return res.json<{ clinic: { id: string } }>().clinic.id;
  }

  /** Coach B's child's place in a clinic of its own, registered through the API by coach B. */
  async clinicRegistrationOfB(): Promise<{ clinic: string; registration: string }> {
    const clinic = await this.clinic();
    const res = await this.t.app.inject({
      method: 'POST',
      url: `/api/clinics/${clinic}/registrations`,
      headers: { origin: TEST_ORIGIN, cookie: this.users.coachB.cookie },
      payload: { participantName: 'Child of B', participantAge: 10, emergencyContact: 'Coach B 555-0199' },
    });
    if (res.statusCode !== 201) throw new Error(`could not register for a clinic: ${res.statusCode} ${res.body}`);
    return { clinic, registration: res.json<{ registration: { id: string } }>().registration.id };
  }

  async clinicRegistrationStatus(clinic: string, registration: string): Promise<string | undefined> {
    const res = await this.t.app.inject({ url: `/api/clinics/${clinic}/roster`, headers: { cookie: this.users.admin.cookie } });
    return res.json<{ entries: Array<{ id: string; status: string }> }>().entries.find((e) => e.id === registration)?.status;
  }

  async clinicListed(clinic: string): Promise<boolean> {
    const res = await this.t.app.inject({ url: '/api/clinics' });
    return res.json<{ clinics: Array<{ id: string }> }>().clinics.some((c) => c.id === clinic);
  }
  // contact and announcements:
  /** A live announcement for everyone, published through the API by the admin. */
  async announcement(): Promise<string> {
    const res = await this.t.app.inject({
      method: 'POST',
      url: '/api/admin/announcements',
      headers: { origin: TEST_ORIGIN, cookie: this.users.admin.cookie },
      payload: { title: this.unique('Matrix announcement'), body: 'Field 2 is closed', audience: 'everyone', severity: 'urgent' },
    });
    if (res.statusCode !== 201) throw new Error(`could not make an announcement: ${res.statusCode} ${res.body}`);
    return res.json<{ announcement: { id: string } }>().announcement.id;
  }

  private async adminAnnouncements(): Promise<Array<{ id: string; title: string }>> {
    const res = await this.t.app.inject({ url: '/api/admin/announcements', headers: { cookie: this.users.admin.cookie } });
    return res.json<{ announcements: Array<{ id: string; title: string }> }>().announcements;
  }

  async announcementTitles(): Promise<string[]> {
    return (await this.adminAnnouncements()).map((a) => a.title);
  }

  async announcementIds(): Promise<string[]> {
    return (await this.adminAnnouncements()).map((a) => a.id);
  }
  /** A new contact message, as a visitor's form sends it. */
  async contactMessage(): Promise<string> {
    const [row] = await this.db
      .insert(contactMessages)
      .values({ name: 'Matrix sender', email: `${this.slug('sender')}@example.org`, subject: this.unique('Question'), body: 'Is Field 1 open on Sunday?' })
      .returning({ id: contactMessages.id });
    return row!.id;
  }

  // file storage:
  storageObjectUrl(fullPath: string): string {
    return `/api/storage/v0/b/${this.t.context.storage.bucket}/o/${encodeURIComponent(fullPath)}`;
  }

  /** A text file of its own in coach B's folder, uploaded through the API by coach B; with its download address. */
  async storedFileOfB(): Promise<{ fullPath: string; downloadURL: string }> {
    const fullPath = `users/${this.users.coachB.id}/${this.slug('matrix-file')}.txt`;
    const body = await uploadBody({ bytes: 'Practice notes', filename: 'notes.txt', type: 'text/plain' });
    const res = await this.t.app.inject({
      method: 'POST',
      url: `/api/storage/v0/b/${this.t.context.storage.bucket}/o?name=${encodeURIComponent(fullPath)}`,
      headers: { origin: TEST_ORIGIN, cookie: this.users.coachB.cookie, ...body.headers },
      payload: body.payload,
    });
    if (res.statusCode !== 200) throw new Error(`could not upload a file: ${res.statusCode} ${res.body}`);
    const meta = await this.t.app.inject({ url: this.storageObjectUrl(fullPath), headers: { cookie: this.users.coachB.cookie } });
    return { fullPath, downloadURL: meta.json<{ downloadURL: string }>().downloadURL };
  }

  // opening round (issue 26):
  /** A round's body for a spare season (2031): it covers a week of March; its window starts `inDays` from now. */
  openingBody(seasonId: string, inDays = 1): unknown {
    const day = 86_400_000;
    const iso = (days: number) => new Date(Date.now() + days * day).toISOString();
    return { seasonId, coversFrom: '2031-03-03', coversTo: '2031-03-09', opensAt: iso(inDays), closesAt: iso(inDays + 1), drawAt: iso(inDays + 2), maxPreferences: 10, firstComeAfter: true, weighting: 'none' };
  }

  private asAdmin(method: 'POST' | 'GET', url: string, payload?: unknown) {
    return this.t.app.inject({ method, url, headers: { origin: TEST_ORIGIN, cookie: this.users.admin.cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
  }

  /** A round of its own in a spare season, created by the admin and moved in time (straight in the table) to `state`. */
  async opening(state: 'announced' | 'closed' | 'drawn'): Promise<{ id: string; seasonId: string }> {
    const seasonId = await this.season();
    const res = await this.asAdmin('POST', '/api/openings', this.openingBody(seasonId));
    if (res.statusCode !== 201) throw new Error(`could not create an opening round: ${res.statusCode} ${res.body}`);
    const id = res.json<{ round: { id: string } }>().round.id;
    if (state !== 'announced') {
      const hour = 3_600_000;
      await this.db
        .update(openingRounds)
        .set({ opensAt: new Date(Date.now() - 2 * hour), closesAt: new Date(Date.now() - hour), drawAt: new Date(Date.now() + 24 * hour) })
        .where(eq(openingRounds.id, id));
    }
    if (state === 'drawn') {
      const drawn = await this.asAdmin('POST', `/api/openings/${id}/draw`, {});
      if (drawn.statusCode !== 200) throw new Error(`could not draw an opening round: ${drawn.statusCode} ${drawn.body}`);
    }
    return { id, seasonId };
  }

  async openingStatus(id: string): Promise<string | undefined> {
    return (await this.t.app.inject({ url: `/api/openings/${id}` })).json<{ round?: { status: string } }>().round?.status;
  }

  private leagueRound: { id: string; slotId: string } | null = null;

  /**
   * The matrix season's open round (one per season may wait for its draw), covering days the walk's other slots never
   * reach (`slot()` stops at day 250), with one slot in it.
   */
  async openRoundOfLeague(): Promise<{ id: string; slotId: string }> {
    if (this.leagueRound) return this.leagueRound;
    const from = this.monday.add({ days: 280 });
    const hour = 3_600_000;
    const res = await this.asAdmin('POST', '/api/openings', {
      seasonId: this.seasonId,
      coversFrom: from.toString(),
      coversTo: from.add({ days: 6 }).toString(),
      opensAt: new Date(Date.now() - hour).toISOString(),
      closesAt: new Date(Date.now() + 24 * hour).toISOString(),
      drawAt: new Date(Date.now() + 25 * hour).toISOString(),
      maxPreferences: 10,
      firstComeAfter: true,
      weighting: 'none',
    });
    if (res.statusCode !== 201) throw new Error(`could not open a round in the matrix season: ${res.statusCode} ${res.body}`);
    const startsAt = at(from.add({ days: 2 }), '17:00');
    const [slot] = await this.db.insert(slots).values({ seasonId: this.seasonId, fieldId: this.fieldId, startsAt, endsAt: new Date(startsAt.getTime() + 90 * 60_000) }).returning({ id: slots.id });
    this.leagueRound = { id: res.json<{ round: { id: string } }>().round.id, slotId: slot!.id };
    return this.leagueRound;
  }

  async person(): Promise<TestUser> {
    return this.t.signUp({ email: `${this.slug('person')}@example.org` });
  }

  /** An active block on a slot of its own (made through the API, which also marks the slot). */
  async block(): Promise<string> {
    const res = await this.t.app.inject({
      method: 'POST',
      url: '/api/blocks',
      headers: { origin: TEST_ORIGIN, cookie: this.users.admin.cookie },
      payload: { scope: 'slot', slotId: await this.slot(), category: 'maintenance', reason: 'Mowing' },
    });
    if (res.statusCode !== 201) throw new Error(`could not make a block: ${res.statusCode} ${res.body}`);
    return res.json<{ block: { id: string } }>().block.id;
  }

  /** A slot of its own that team B has booked. */
  async slotBookedByB(): Promise<string> {
    const slotId = await this.slot();
    await this.db.insert(bookings).values({ slotId, teamId: this.teamB, bookedBy: this.users.coachB.id });
    return slotId;
  }

  /** Team B waiting on a slot team A booked; `offered`: team A's coach then cancels, so the slot is held for team B. */
  async waitOfB(offered: boolean): Promise<string> {
    const slotId = await this.slot();
    const [booking] = await this.db.insert(bookings).values({ slotId, teamId: this.teamA, bookedBy: this.users.coachA.id }).returning({ id: bookings.id });
    const joined = await this.t.app.inject({ method: 'POST', url: `/api/slots/${slotId}/waits`, headers: { origin: TEST_ORIGIN, cookie: this.users.coachB.cookie }, payload: {} });
    if (joined.statusCode !== 201) throw new Error(`could not wait: ${joined.statusCode} ${joined.body}`);
    if (offered) {
      const cancelled = await this.t.app.inject({ method: 'POST', url: `/api/bookings/${booking!.id}/cancel`, headers: { origin: TEST_ORIGIN, cookie: this.users.coachA.cookie }, payload: {} });
      if (cancelled.statusCode !== 200) throw new Error(`could not cancel: ${cancelled.statusCode} ${cancelled.body}`);
    }
    return joined.json<{ wait: { id: string } }>().wait.id;
  }

  /** Team A's practice offered to team B as a gift, by coach A through the API. */
  async offerToB(): Promise<string> {
    const [booking] = await this.db.insert(bookings).values({ slotId: await this.slot(), teamId: this.teamA, bookedBy: this.users.coachA.id }).returning({ id: bookings.id });
    return this.offerAs(this.users.coachA, { kind: 'give', bookingId: booking!.id, toTeamId: this.teamB });
  }

  /** Team B's practice offered to team A as a gift, by coach B through the API. */
  async offerFromB(): Promise<string> {
    return this.offerAs(this.users.coachB, { kind: 'give', bookingId: await this.bookingOfB(), toTeamId: this.teamA });
  }

  private async offerAs(coach: TestUser, body: object): Promise<string> {
    const res = await this.t.app.inject({ method: 'POST', url: '/api/swaps', headers: { origin: TEST_ORIGIN, cookie: coach.cookie }, payload: body });
    if (res.statusCode !== 201) throw new Error(`could not offer a practice: ${res.statusCode} ${res.body}`);
    return res.json<{ offer: { id: string } }>().offer.id;
  }

  async offerState(id: string): Promise<string | undefined> {
    return (await this.db.select({ state: swapOffers.state }).from(swapOffers).where(eq(swapOffers.id, id)))[0]?.state;
  }

  async openOffersOf(bookingId: string): Promise<number> {
    return this.db.$count(swapOffers, and(eq(swapOffers.bookingId, bookingId), eq(swapOffers.state, 'open')));
  }

  /** A rain-out of a spare facility of its own, over an evening in 2031. */
  async rainOutBody(): Promise<unknown> {
    return { facilityId: await this.facility(), startsAt: '2031-05-05T21:00:00.000Z', endsAt: '2031-05-06T02:00:00.000Z', reason: 'Wet fields' };
  }

  /** A rain-out made by the admin through the API. */
  async rainOut(): Promise<string> {
    const res = await this.asAdmin('POST', '/api/rain-outs', await this.rainOutBody());
    if (res.statusCode !== 201) throw new Error(`could not rain out: ${res.statusCode} ${res.body}`);
    return res.json<{ closure: { id: string } }>().closure.id;
  }

  /** A make-up credit of team B, granted by the admin through the API. */
  async makeupCredit(): Promise<string> {
    const res = await this.asAdmin('POST', '/api/makeup-credits', { teamId: this.teamB, reason: 'Umpire no-show' });
    if (res.statusCode !== 201) throw new Error(`could not grant a credit: ${res.statusCode} ${res.body}`);
    return res.json<{ credit: { id: string } }>().credit.id;
  }

  /** One week of one evening slot on a spare season's field: a small, valid generator request. */
  async generatorInput(): Promise<unknown> {
    const seasonId = await this.season();
    const field = await this.field();
    return { seasonId, fieldIds: [field], daysOfWeek: [1, 3], firstStart: '17:00', lastEnd: '19:00', lengthMinutes: 60, gapMinutes: 0, startDate: '2031-03-03', endDate: '2031-03-09', skipDates: [] };
  }

  importCsv(as: Caller): string {
    const n = this.unique('import').replace(/\D/g, '');
    return `team,division,coach name,coach email\nImported ${as} ${n},12U,Imp Coach,imported.${as}.${n}@example.org\n`;
  }

  async importFingerprint(csv: string): Promise<string> {
    const res = await this.t.app.inject({ method: 'POST', url: '/api/admin/invitations/import/preview', headers: { origin: TEST_ORIGIN, cookie: this.users.admin.cookie }, payload: { csv } });
    if (res.statusCode !== 200) throw new Error(`could not preview an import: ${res.statusCode} ${res.body}`);
    return res.json<{ fingerprint: string }>().fingerprint;
  }
}

let t: TestApp;
let f: Fixtures;
let base: string;

beforeAll(async () => {
  t = await buildTestApp();
  f = new Fixtures(t);
  await f.seed();
  // The live-update stream never ends, so it is called over real HTTP and left once its headers arrive.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(() => t?.close());

const key = (r: Pick<DeclaredRoute, 'method' | 'url'>) => `${r.method} ${r.url}`;

function walked(): DeclaredRoute[] {
  return listDeclaredRoutes(t.app).filter((r) => !(key(r) in NOT_WALKED));
}

async function send(method: string, call: Call, as: Caller): Promise<Answer> {
  const cookie = as === 'visitor' ? undefined : f.users[as].cookie;
  if (call.url === '/api/events') {
    const controller = new AbortController();
    const res = await fetch(`${base}${call.url}`, { headers: cookie ? { cookie } : {}, signal: controller.signal });
    const answer = { status: res.status, contentType: res.headers.get('content-type') ?? undefined, body: res.status >= 400 ? await res.text() : '' };
    controller.abort();
    return answer;
  }
  const res = await t.app.inject({
    method: method as 'GET',
    url: call.url,
    headers: { ...(method === 'GET' ? {} : { origin: TEST_ORIGIN }), ...(cookie ? { cookie } : {}) },
    ...(call.body === undefined ? {} : { payload: call.body as object }),
  });
  return { status: res.statusCode, contentType: res.headers['content-type'] as string | undefined, body: res.body };
}

/** The route pattern a concrete URL must match (so an entry cannot drift from its route). */
function matchesRoute(pattern: string, url: string): boolean {
  const path = url.split('?')[0]!;
  // A trailing * (the rest of the path, e.g. a stored file's name) matches one character or more.
  const regex = new RegExp(`^${pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+').replace(/\\\*$/, '.+')}$`);
  return regex.test(path);
}

/** What the declared access promises, checked against the status each caller got. */
function declaredAccessProblems(access: Access, as: Caller, answer: Answer): string[] {
  const code = (json(answer) as { error?: { code?: string } })?.error?.code;
  const refused = OUTCOMES.denied(answer.status);
  if (access === 'public' && as === 'visitor' && refused) return [`declared public, but a visitor got ${answer.status}`];
  if (access === 'user' && as === 'visitor' && (answer.status !== 401 || code !== 'UNAUTHENTICATED')) return [`declared user, but a visitor got ${answer.status} ${code ?? ''}, not 401 UNAUTHENTICATED`];
  if (access === 'admin') {
    if (as === 'visitor' && (answer.status !== 401 || code !== 'UNAUTHENTICATED')) return [`declared admin, but a visitor got ${answer.status} ${code ?? ''}, not 401`];
    if (as !== 'visitor' && as !== 'admin' && (answer.status !== 403 || code !== 'FORBIDDEN')) return [`declared admin, but ${as} got ${answer.status} ${code ?? ''}, not 403 FORBIDDEN`];
    if (as === 'admin' && refused) return [`declared admin, but the admin got ${answer.status}`];
  }
  return [];
}

describe('the access matrix', () => {
  it('has an entry for every registered route (and none for a route that is gone)', () => {
    const registered = listDeclaredRoutes(t.app).map(key);
    expect(registered.length).toBeGreaterThan(40);
    const missing = walked().map(key).filter((k) => !(k in MATRIX));
    expect(missing.map((k) => `${k}: add an entry to the access matrix (src/server/access-matrix.api.test.ts)`)).toEqual([]);
    const stale = [...Object.keys(MATRIX), ...Object.keys(NOT_WALKED)].filter((k) => !registered.includes(k));
    expect(stale.map((k) => `${k}: no such route any more; remove its entry from the access matrix`)).toEqual([]);
    // Only better-auth's own handler is left out of the walk.
    expect(Object.keys(NOT_WALKED).every((k) => k.endsWith(' /api/auth/*'))).toBe(true);
  });

  it("agrees with every route's declared access", () => {
    const disagree = walked()
      .filter((r) => MATRIX[key(r)] && MATRIX[key(r)]!.access !== r.access)
      .map((r) => `${key(r)} is declared '${r.access}' but the matrix says '${MATRIX[key(r)]!.access}'`);
    expect(disagree).toEqual([]);
  });

  it('answers each of the five callers as the matrix says, and never hands team B to another team', async () => {
    const problems: string[] = [];
    let calls = 0;
    for (const route of walked()) {
      const entry = MATRIX[key(route)];
      if (!entry) continue;
      for (const as of CALLERS) {
        const call = await entry.call(as, f);
        const label = `${key(route)} as ${as}: ${route.method} ${call.url}${call.body === undefined ? '' : ` ${preview(call.body, 160)}`}`;
        if (!matchesRoute(route.url, call.url)) {
          problems.push(`${label}\n    the entry's URL does not match the route ${route.url}`);
          continue;
        }
        const answer = await send(route.method, call, as);
        calls++;
        const wanted = entry.expect[as];
        const expected: Outcome[] = typeof wanted === 'string' ? [wanted] : [...wanted];
        const found: string[] = [];
        if (!expected.some((o) => OUTCOMES[o](answer.status))) found.push(`expected ${expected.join(' or ')}, got ${answer.status}`);
        found.push(...declaredAccessProblems(route.access, as, answer));
        found.push(...errorShapeProblems({ method: route.method, status: answer.status, contentType: answer.contentType, body: answer.body }));
        if (route.url !== '/api/openapi.json') found.push(...leakProblems(answer.body));
        // A refusal to coach A or team A's parent names nothing of team B.
        if ((as === 'coachA' || as === 'member') && !OUTCOMES.ok(answer.status) && (answer.body.includes(f.teamBName) || answer.body.includes(f.users.coachB.email))) {
          found.push("the refusal shows team B's name or its coach's email");
        }
        if (entry.after) found.push(...(await entry.after(as, call, answer, f)));
        if (found.length) problems.push(`${label}\n    answered ${answer.status} ${preview(answer.body, 240)}\n    - ${found.join('\n    - ')}`);
      }
    }
    console.info(`access matrix: ${walked().length} routes, ${calls} calls, ${problems.length} problem(s)`);
    expect(problems, `\n${problems.join('\n\n')}\n`).toEqual([]);
  }, 120_000);
});
