import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { buildTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';
import type { AdminAnnouncement, Announcement, AnnouncementInput } from '../../../shared/announcements/announcements.schemas';
import { renderAnnouncementMarkdown } from './announcement-markdown';

let t: TestApp;
let admin: TestUser;
let coach: TestUser;
let member: TestUser;
let otherCoach: TestUser;

const HOUR = 3_600_000;
const isoIn = (ms: number) => new Date(Date.now() + ms).toISOString();

const send = (as: TestUser | null, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { origin: TEST_ORIGIN, ...(as ? { cookie: as.cookie } : {}) },
  });

async function create(input: Partial<AnnouncementInput> & { title: string }): Promise<AdminAnnouncement> {
  const res = await send(admin, 'POST', '/api/admin/announcements', { body: `Body of ${input.title}`, audience: 'everyone', severity: 'info', ...input });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ announcement: AdminAnnouncement }>().announcement;
}

async function seen(as: TestUser | null, prefix: string): Promise<Announcement[]> {
  const res = await t.app.inject({ url: '/api/announcements', headers: as ? { cookie: as.cookie } : {} });
  expect(res.statusCode).toBe(200);
  return res.json<{ announcements: Announcement[] }>().announcements.filter((a) => a.title.startsWith(prefix));
}
const titles = (list: Announcement[]) => list.map((a) => a.title);

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signUp({ email: 'ann-admin@example.org', role: 'admin' });
  coach = await t.signUp({ email: 'ann-coach@example.org', role: 'coach' });
  otherCoach = await t.signUp({ email: 'ann-coach2@example.org', role: 'coach' });
  member = await t.signUp({ email: 'ann-member@example.org', role: 'member' });
}, 60_000);
afterAll(() => t.close());

describe('who sees which announcement', () => {
  it('visitors and members see everyone-announcements; coaches also coaches-ones; admins all three', async () => {
    await create({ title: 'Aud everyone' });
    await create({ title: 'Aud coaches', audience: 'coaches' });
    await create({ title: 'Aud admins', audience: 'admins' });
    const sorted = async (as: TestUser | null) => titles(await seen(as, 'Aud ')).sort();
    expect(await sorted(null)).toEqual(['Aud everyone']);
    expect(await sorted(member)).toEqual(['Aud everyone']);
    expect(await sorted(coach)).toEqual(['Aud coaches', 'Aud everyone']);
    expect(await sorted(admin)).toEqual(['Aud admins', 'Aud coaches', 'Aud everyone']);
  });

  it('shows only those inside their window: not before publish, not from expiry; the admin list says which is which', async () => {
    await create({ title: 'Win live', publishAt: isoIn(-HOUR), expiresAt: isoIn(HOUR) });
    await create({ title: 'Win open-ended', publishAt: isoIn(-HOUR) });
    await create({ title: 'Win scheduled', publishAt: isoIn(HOUR) });
    await create({ title: 'Win expired', publishAt: isoIn(-2 * HOUR), expiresAt: isoIn(-60_000) });
    await create({ title: 'Win default now' });
    expect(titles(await seen(null, 'Win ')).sort()).toEqual(['Win default now', 'Win live', 'Win open-ended']);
    expect(titles(await seen(admin, 'Win ')).sort()).toEqual(['Win default now', 'Win live', 'Win open-ended']);

    const all = (await t.app.inject({ url: '/api/admin/announcements', headers: { cookie: admin.cookie } })).json<{ announcements: AdminAnnouncement[] }>()
      .announcements;
    const state = Object.fromEntries(all.filter((a) => a.title.startsWith('Win ')).map((a) => [a.title, a.state]));
    expect(state).toEqual({ 'Win live': 'live', 'Win open-ended': 'live', 'Win scheduled': 'scheduled', 'Win expired': 'expired', 'Win default now': 'live' });
  });

  it('lists pinned ones first, then the newest first', async () => {
    await create({ title: 'Ord old', publishAt: isoIn(-3 * HOUR) });
    await create({ title: 'Ord pinned old', publishAt: isoIn(-5 * HOUR), pinned: true });
    await create({ title: 'Ord new', publishAt: isoIn(-HOUR) });
    await create({ title: 'Ord pinned new', publishAt: isoIn(-2 * HOUR), pinned: true });
    expect(titles(await seen(member, 'Ord '))).toEqual(['Ord pinned new', 'Ord pinned old', 'Ord new', 'Ord old']);
  });
});

describe('the body is shown as the server rendered it', () => {
  const hostile = '**Rain** [x](javascript:alert(1)) <script>alert(1)</script> ![b](https://evil.example/p.gif) [ok](https://cgsl.example.org)';

  it('sends bodyHtml with the Markdown, and the preview of a draft equals what is shown once published', async () => {
    const previewed = await send(admin, 'POST', '/api/admin/announcements/preview', { body: hostile });
    expect(previewed.statusCode).toBe(200);
    const { bodyHtml } = previewed.json<{ bodyHtml: string }>();
    expect(bodyHtml).not.toMatch(/<script|<img|href="javascript/i);
    expect(bodyHtml).toContain('<a href="https://cgsl.example.org" target="_blank" rel="nofollow noopener noreferrer">ok</a>');

    await create({ title: 'Html shown', body: hostile });
    const [shown] = await seen(null, 'Html shown');
    expect(shown!.body).toBe(hostile);
    expect(shown!.bodyHtml).toBe(bodyHtml);
    expect(shown!.bodyHtml).toBe(renderAnnouncementMarkdown(hostile));
  });
});

describe('dismissing', () => {
  it('is per person, idempotent, and needs a sign-in', async () => {
    const urgent = await create({ title: 'Dis urgent', severity: 'urgent' });
    expect((await send(coach, 'POST', `/api/announcements/${urgent.id}/dismiss`)).json()).toEqual({ dismissed: true });
    expect((await send(coach, 'POST', `/api/announcements/${urgent.id}/dismiss`)).statusCode).toBe(200);
    expect((await seen(coach, 'Dis '))[0]).toMatchObject({ title: 'Dis urgent', dismissed: true });
    expect((await seen(otherCoach, 'Dis '))[0]).toMatchObject({ title: 'Dis urgent', dismissed: false });
    expect((await seen(null, 'Dis '))[0]).toMatchObject({ dismissed: false });
    expect((await send(null, 'POST', `/api/announcements/${urgent.id}/dismiss`)).statusCode).toBe(401);
  });

  it('answers 404 for an announcement that does not exist or is not for this person', async () => {
    const forAdmins = await create({ title: 'Dis admins only', audience: 'admins', severity: 'urgent' });
    expect((await send(member, 'POST', `/api/announcements/${forAdmins.id}/dismiss`)).statusCode).toBe(404);
    expect((await send(member, 'POST', '/api/announcements/00000000-0000-4000-8000-000000000000/dismiss')).statusCode).toBe(404);
  });
});

describe('admin CRUD', () => {
  const audit = (id: string) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'announcement'), eq(auditLog.entityId, id)))
      .orderBy(asc(auditLog.at));

  it('creates, edits and deletes, each with an audit entry holding before and after', async () => {
    const created = await create({ title: 'Crud first', audience: 'coaches', severity: 'warning', pinned: true, publishAt: isoIn(-HOUR) });
    expect(created).toMatchObject({ title: 'Crud first', audience: 'coaches', severity: 'warning', pinned: true, state: 'live', expiresAt: null });

    const edited = await send(admin, 'PUT', `/api/admin/announcements/${created.id}`, {
      title: 'Crud edited',
      body: 'New *body*',
      audience: 'everyone',
      severity: 'info',
      pinned: false,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    // Left out, the publish date stays as it was.
    expect(edited.json().announcement).toMatchObject({
      title: 'Crud edited',
      bodyHtml: '<p>New <em>body</em></p>\n',
      publishAt: created.publishAt,
      pinned: false,
    });

    expect((await send(admin, 'DELETE', `/api/admin/announcements/${created.id}`)).json()).toEqual({ deleted: true });
    expect(await seen(admin, 'Crud ')).toEqual([]);
    expect((await send(admin, 'DELETE', `/api/admin/announcements/${created.id}`)).statusCode).toBe(404);

    const entries = await audit(created.id);
    expect(entries.map((e) => e.action)).toEqual(['announcement.create', 'announcement.update', 'announcement.delete']);
    expect(entries.every((e) => e.actorId === admin.id)).toBe(true);
    expect(entries[0]!.after).toMatchObject({ title: 'Crud first', audience: 'coaches' });
    expect(entries[1]!.before).toMatchObject({ title: 'Crud first' });
    expect(entries[1]!.after).toMatchObject({ title: 'Crud edited', body: 'New *body*' });
    expect(entries[2]!.before).toMatchObject({ title: 'Crud edited' });
  });

  it('refuses everyone but admins, and changes nothing for them', async () => {
    const target = await create({ title: 'Guard target' });
    for (const as of [null, member, coach]) {
      const expected = as ? 403 : 401;
      expect(
        (await send(as, 'POST', '/api/admin/announcements', { title: 'Guard sneaky', body: 'x', audience: 'everyone', severity: 'info' })).statusCode,
      ).toBe(expected);
      expect(
        (await send(as, 'PUT', `/api/admin/announcements/${target.id}`, { title: 'Guard changed', body: 'x', audience: 'everyone', severity: 'info' }))
          .statusCode,
      ).toBe(expected);
      expect((await send(as, 'DELETE', `/api/admin/announcements/${target.id}`)).statusCode).toBe(expected);
      expect((await send(as, 'POST', '/api/admin/announcements/preview', { body: 'x' })).statusCode).toBe(expected);
      expect((await t.app.inject({ url: '/api/admin/announcements', headers: as ? { cookie: as.cookie } : {} })).statusCode).toBe(expected);
    }
    expect(titles(await seen(null, 'Guard '))).toEqual(['Guard target']);
    expect((await audit(target.id)).map((e) => e.action)).toEqual(['announcement.create']);
  });

  it('explains what is wrong: expiry before publish, a missing title, too long a body, an unknown audience', async () => {
    const base = { title: 'Val', body: 'x', audience: 'everyone', severity: 'info' };
    const early = await send(admin, 'POST', '/api/admin/announcements', { ...base, publishAt: isoIn(2 * HOUR), expiresAt: isoIn(HOUR) });
    expect(early.statusCode).toBe(400);
    expect(early.json().error.message).toMatch(/must expire after it is published/);

    // With publish left to "now", an expiry in the past is caught by the server's own check, at its field.
    const past = await send(admin, 'POST', '/api/admin/announcements', { ...base, expiresAt: isoIn(-HOUR) });
    expect(past.statusCode).toBe(400);
    expect(past.json().error).toMatchObject({ code: 'VALIDATION_FAILED', details: { fields: { expiresAt: expect.stringMatching(/expire after/) } } });

    const target = await create({ title: 'Val target', publishAt: isoIn(-HOUR) });
    const editedEarly = await send(admin, 'PUT', `/api/admin/announcements/${target.id}`, { ...base, expiresAt: isoIn(-2 * HOUR) });
    expect(editedEarly.statusCode).toBe(400);

    expect((await send(admin, 'POST', '/api/admin/announcements', { ...base, title: '  ' })).json().error.message).toMatch(/title/);
    expect((await send(admin, 'POST', '/api/admin/announcements', { ...base, title: 'x'.repeat(121) })).json().error.message).toMatch(/at most 120/);
    expect((await send(admin, 'POST', '/api/admin/announcements', { ...base, body: 'x'.repeat(5001) })).json().error.message).toMatch(/at most 5,000/);
    expect((await send(admin, 'POST', '/api/admin/announcements', { ...base, audience: 'parents' })).json().error.message).toMatch(
      /everyone, coaches or admins/,
    );
    expect((await send(admin, 'POST', '/api/admin/announcements', { ...base, html: '<b>' })).statusCode).toBe(400);
    expect(titles(await seen(admin, 'Val'))).toEqual(['Val target']);
  });
});
