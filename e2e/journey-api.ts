import { expect, request as apiRequest, type APIRequestContext, type APIResponse } from '@playwright/test';
import { Temporal } from 'temporal-polyfill';
import { DEMO, E2E_ORIGIN, uniqueEmail } from './fixtures';

/**
 * What the journeys that make their own league data share (the waitlist, divisions and swaps journeys): API sessions,
 * teams and coaches of their own, and the words the app writes for a day.
 */

export const TZ = 'America/Chicago';
export const headers = { origin: E2E_ORIGIN };
export const stamp = () => `${Date.now() % 1_000_000}${Math.floor(Math.random() * 100)}`;
export const today = () => Temporal.Now.plainDateISO(TZ);
/** "Thu Dec 10", as the app writes a day. */
export const weekdayDay = (d: Temporal.PlainDate) => d.toLocaleString('en-US', { weekday: 'short', month: 'short', day: 'numeric' }).replace(/,/g, '');

/** The answer's body, once its status is the one expected (else the test fails with the body). */
export async function ok<T>(res: APIResponse, status = 201): Promise<T> {
  expect(res.status(), await res.text()).toBe(status);
  return (await res.json()) as T;
}

/** An API session of its own, signed in. */
export async function apiAs(email: string, password = DEMO.password): Promise<APIRequestContext> {
  const api = await apiRequest.newContext({ baseURL: E2E_ORIGIN });
  await ok(await api.post('/api/auth/sign-in/email', { data: { email, password }, headers }), 200);
  return api;
}

export interface Coach {
  email: string;
  password: string;
  team: string;
}

/** The id of the league's division of this name. */
export async function divisionId(admin: APIRequestContext, name: string): Promise<string> {
  const { divisions } = await ok<{ divisions: Array<{ id: string; name: string }> }>(await admin.get('/api/divisions'), 200);
  const found = divisions.find((d) => d.name === name);
  expect(found, `the league has division ${name}`).toBeTruthy();
  return found!.id;
}

/**
 * A team of the journey's own in a division (the demo league's 10U unless told), and its coach: signed up, then made
 * the team's coach by the admin. `who` names the coach's email and password, so a failure says whose they were.
 */
export async function newCoach(admin: APIRequestContext, team: string, who: string, division: { id: string } | { name: string } = { name: '10U' }): Promise<Coach> {
  const id = 'id' in division ? division.id : await divisionId(admin, division.name);
  const { team: created } = await ok<{ team: { id: string } }>(await admin.post('/api/teams', { data: { name: team, divisionId: id }, headers }));
  const email = uniqueEmail(`${who}.coach`);
  const password = `${who}-journey-${stamp()}`;
  const visitor = await apiRequest.newContext({ baseURL: E2E_ORIGIN });
  await ok(await visitor.post('/api/auth/sign-up/email', { data: { name: `Coach ${team}`, email, password }, headers }), 200);
  await visitor.dispose();
  const { users } = await ok<{ users: Array<{ id: string }> }>(await admin.get(`/api/admin/users?q=${encodeURIComponent(email)}`), 200);
  await ok(await admin.patch(`/api/admin/users/${users[0]!.id}`, { data: { role: 'coach', teamId: created.id }, headers }), 200);
  return { email, password, team };
}
