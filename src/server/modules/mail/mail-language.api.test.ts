import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailMessages } from '../../db/schema';
import { nextMonday, seedLeague, type League } from '../../test/booking-fixtures';
import { buildTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

/**
 * Each email in its recipient's language (decision 038): the language on their profile (PATCH /api/me), else
 * English, exactly as before. A booking's email is written once per language among the team's coaches.
 */
let t: TestApp;
let league: League;
let admin: TestUser, coachEs: TestUser, coachEn: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  league = await seedLeague(t, { teams: 2 });
  admin = await t.signUp({ email: 'lang-admin@example.org', role: 'admin' });
  coachEs = await t.signUp({ email: 'lang-coach-es@example.org', role: 'coach', teamId: league.teamIds[0]! });
  coachEn = await t.signUp({ email: 'lang-coach-en@example.org', role: 'coach', teamId: league.teamIds[0]! });
}, 60_000);
afterAll(() => t.close());

const send = (user: TestUser | null, method: 'POST' | 'PATCH', url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, payload: payload as object, headers: { origin: TEST_ORIGIN, ...(user ? { cookie: user.cookie } : {}), ...headers } });

const mailsOf = (kind: string, addresses: string[]) =>
  t.database.db
    .select({ to: mailMessages.toAddress, subject: mailMessages.subject, text: mailMessages.textBody, html: mailMessages.htmlBody })
    .from(mailMessages)
    .where(and(eq(mailMessages.kind, kind), inArray(mailMessages.toAddress, addresses)));

// Day 1 of the seeded week (a Tuesday), as each language writes it.
const tuesday = nextMonday().add({ days: 1 });
const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const ES_MONTHS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept?', 'oct', 'nov', 'dic'];
const enDay = `Tue ${EN_MONTHS[tuesday.month - 1]} ${tuesday.day}`;
const esDay = `mar ${tuesday.day} ${ES_MONTHS[tuesday.month - 1]}`;

describe('emails in the recipient’s language', () => {
  it('a booking: the coach who chose Spanish gets it in Spanish, with Spanish dates; the other gets today’s English', async () => {
    const chose = await send(coachEs, 'PATCH', '/api/me', { locale: 'es' });
    expect(chose.statusCode, chose.body).toBe(200);
    expect(chose.json().profile.locale).toBe('es');

    const booked = await send(coachEn, 'POST', '/api/bookings', { slotId: league.slotIds[1]![0]! });
    expect(booked.statusCode, booked.body).toBe(201);
    await t.mail.runOnce();

    const mails = await mailsOf('booking.created', [coachEs.email, coachEn.email]);
    expect(mails).toHaveLength(2);
    const es = mails.find((m) => m.to === coachEs.email)!;
    const en = mails.find((m) => m.to === coachEn.email)!;

    expect(es.subject).toMatch(new RegExp(`^Práctica reservada: Team 1 \\d+, Field 1, ${esDay}, 5:00 p\\.m\\.$`));
    expect(es.text).toMatch(new RegExp(`\\nPráctica reservada para Team 1 \\d+\\n`));
    // "6:20 p.m." ends the sentence: no second full stop.
    expect(es.text).toMatch(new RegExp(`\\nField 1, ${esDay}, 5:00 p\\.m\\. – 6:20 p\\.m\\.\\n`));
    expect(es.text).toContain('¿Necesitas cancelar? Hazlo en Mis reservas antes del plazo de cancelación');
    expect(es.text).toContain(`Ver mis reservas: ${TEST_ORIGIN}/my-reservations`);
    expect(es.text).toMatch(/Recibes correos de reservas como entrenador\/a de Team 1 \d+/);
    expect(es.html).toContain(`O abre este enlace: ${TEST_ORIGIN}/my-reservations`);
    expect(es.text).not.toMatch(/Practice|Need to cancel|See my reservations| pm\b/);

    expect(en.subject).toMatch(new RegExp(`^Practice booked: Team 1 \\d+, Field 1, ${enDay}, 5:00 pm$`));
    expect(en.text).toMatch(new RegExp(`\\nPractice booked for Team 1 \\d+\\n`));
    expect(en.text).toContain(`Field 1, ${enDay}, 5:00 pm – 6:20 pm.`);
    expect(en.text).toContain('Need to cancel? Do it on My Reservations before the cancellation cutoff so another team can use the field.');
    expect(en.text).toContain(`See my reservations: ${TEST_ORIGIN}/my-reservations`);
    expect(en.text).toMatch(/You get booking emails as a coach of Team 1 \d+ or the person who booked or asked\. To choose which emails you get, open your profile: http:\/\/localhost:3000\/profile$/);
    expect(en.html).toContain(`Or open this link: ${TEST_ORIGIN}/my-reservations`);
  });

  it('a cancellation follows each coach’s language too', async () => {
    const booked = await send(coachEn, 'POST', '/api/bookings', { slotId: league.slotIds[2]![0]! });
    expect(booked.statusCode, booked.body).toBe(201);
    const cancelled = await send(coachEn, 'POST', `/api/bookings/${booked.json().booking.id}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await t.mail.runOnce();
    const mails = await mailsOf('booking.cancelled', [coachEs.email, coachEn.email]);
    expect(mails.find((m) => m.to === coachEs.email)!.subject).toMatch(/^Práctica cancelada: Team 1 \d+, Field 1, mié /);
    expect(mails.find((m) => m.to === coachEn.email)!.subject).toMatch(/^Practice cancelled: Team 1 \d+, Field 1, Wed /);
  });

  it('a password reset goes out in the language of the account', async () => {
    expect((await send(null, 'POST', '/api/auth/request-password-reset', { email: coachEs.email })).statusCode).toBe(200);
    expect((await send(null, 'POST', '/api/auth/request-password-reset', { email: coachEn.email })).statusCode).toBe(200);
    const mails = await mailsOf('password.reset', [coachEs.email, coachEn.email]);
    const es = mails.find((m) => m.to === coachEs.email)!;
    expect(es.subject).toBe('Restablece tu contraseña de CGSL Softball League');
    expect(es.text).toContain('El enlace funciona una sola vez y vence en 1 hora.');
    expect(es.text).toContain('Este es un correo de seguridad sobre tu cuenta.');
    expect(mails.find((m) => m.to === coachEn.email)!.subject).toBe('Reset your CGSL Softball League password');
  });

  it('an invitation to an address without an account: in the inviting admin’s language, else English', async () => {
    const spanish = await send(admin, 'POST', '/api/admin/invitations', { email: 'nuevo@example.org', role: 'coach', teamId: league.teamIds[1]! }, { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' });
    expect(spanish.statusCode, spanish.body).toBe(201);
    const english = await send(admin, 'POST', '/api/admin/invitations', { email: 'newcomer@example.org', role: 'member', teamId: null });
    expect(english.statusCode, english.body).toBe(201);

    const [es] = await mailsOf('invitation', ['nuevo@example.org']);
    expect(es!.subject).toBe('Te invitaron a unirte a CGSL Softball League');
    expect(es!.text).toMatch(/\nÚnete a CGSL Softball League como entrenador\/a de Team 2 \d+\n/);
    expect(es!.text).toMatch(/\nTest Person te invitó a unirte a CGSL Softball League como entrenador\/a de Team 2 \d+ en el programador de prácticas de la liga\.\n/);
    expect(es!.text).toMatch(/El enlace funciona una sola vez, hasta el (lunes|martes|miércoles|jueves|viernes|sábado|domingo), \d+ de [a-z]+\./);

    const [en] = await mailsOf('invitation', ['newcomer@example.org']);
    expect(en!.subject).toBe("You're invited to join CGSL Softball League");
    expect(en!.text).toContain("\nTest Person invited you to join CGSL Softball League as a member on the league's practice scheduler.\n");
    expect(en!.text).toContain('\nJoin CGSL Softball League as a member\n');
    expect(en!.text).toMatch(/The link works once, until (Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), [A-Z][a-z]+ \d+\./);
  });
});
