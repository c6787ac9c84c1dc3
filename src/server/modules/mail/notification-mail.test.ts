import { describe, expect, it } from 'vitest';
import type { NotificationKind, NotificationPayloads } from '../notifications/notifications.service';
import { formatPractice, formatWhen, notificationMail } from './notification-mail';

const c = { leagueName: 'Cedar Grove Softball', timeZone: 'America/Chicago', publicUrl: 'https://practice.example.org' };
const practice = { bookingId: 'b1', teamName: 'Blue Jays', fieldName: 'Field 2', startsAt: '2026-03-03T23:00:00.000Z', endsAt: '2026-03-04T00:20:00.000Z' };

describe('booking emails', () => {
  it('write times in the league zone as people read them, on both sides of a DST change', () => {
    expect(formatWhen('2026-03-03T23:00:00.000Z', 'America/Chicago')).toBe('Tue Mar 3, 5:00 pm');
    // Mar 8 2026: clocks go forward in Chicago; the same 23:00 UTC is now 6:00 pm.
    expect(formatWhen('2026-03-08T23:00:00.000Z', 'America/Chicago')).toBe('Sun Mar 8, 6:00 pm');
    expect(formatWhen('2026-11-01T23:00:00.000Z', 'America/Chicago')).toBe('Sun Nov 1, 5:00 pm');
    expect(formatPractice(practice, 'America/Chicago')).toBe('Tue Mar 3, 5:00 pm – 6:20 pm');
    expect(formatPractice(practice, 'America/New_York')).toBe('Tue Mar 3, 6:00 pm – 7:20 pm');
  });

  type BookingKind = Extract<NotificationKind, `booking.${string}`>;
  const payloads: { [K in BookingKind]: NotificationPayloads[K] } = {
    'booking.created': { ...practice, override: false, reason: null },
    'booking.cancelled': { ...practice, reason: 'Cancelled by the coach', byAdmin: false, blocked: false },
    'booking.bumped': { ...practice, reason: 'Bumped by a league admin: Tournament' },
    'booking.moved': { ...practice, fromFieldName: 'Field 1', fromStartsAt: '2026-03-02T23:00:00.000Z', reason: null },
    'booking.reminder': { ...practice, facilityName: 'Cedar Park', facilityAddress: '1 Main St' },
  };

  it.each(Object.keys(payloads) as BookingKind[])('%s: a subject naming team, field and time; a link back to the app; a footer pointing to /profile', (kind) => {
    const mail = notificationMail(kind, payloads[kind], c)!;
    expect(mail.subject).toMatch(/Blue Jays, (now )?Field 2, Tue Mar 3, 5:00 pm$/);
    expect(mail.content.action!.url).toMatch(/^https:\/\/practice\.example\.org\/(my-reservations|slots)$/);
    expect(mail.content.footer).toContain('https://practice.example.org/profile');
    expect(mail.preference).toBe(kind === 'booking.reminder' ? 'reminders' : 'bookingChanges');
  });

  it('a cancel by a block reads as the slot blocked under the booking; an old payload without the flag as a plain cancel', () => {
    const blocked = notificationMail('booking.cancelled', { ...payloads['booking.cancelled'], reason: 'Weather: Field flooded', byAdmin: true, blocked: true }, c)!;
    expect(blocked.content.heading).toBe('The slot was blocked under your booking');
    expect(blocked.content.paragraphs).toContain('Reason: Weather: Field flooded');
    const { blocked: _, ...old } = payloads['booking.cancelled'];
    expect(notificationMail('booking.cancelled', old, c)!.content.heading).toBe('Practice cancelled for Blue Jays');
  });

  it('a kind this version does not know gets no email', () => {
    expect(notificationMail('clinic.opened', {}, c)).toBeNull();
  });
});

describe('practice request and clinic emails', () => {
  const clinic = {
    clinicId: 'c1',
    clinicTitle: 'Pitching clinic',
    participantName: 'Ava Ruiz',
    startsAt: '2026-04-04T14:00:00.000Z',
    endsAt: '2026-04-04T16:00:00.000Z',
    location: 'Cedar Park (1 Main St)',
  };

  it('an approval names the booked practice; a decline gives the dates and the reason; both follow the booking-mail choice', () => {
    const approved = notificationMail('practice-request.approved', { ...practice, requestId: 'r1', response: 'Enjoy the lights' }, c)!;
    expect(approved.subject).toBe('Practice request approved: Blue Jays, Field 2, Tue Mar 3, 5:00 pm');
    expect(approved.content.paragraphs).toContain('Note from the league: Enjoy the lights');
    expect(approved.preference).toBe('bookingChanges');
    const declined = notificationMail('practice-request.declined', { requestId: 'r1', teamName: 'Blue Jays', preferredDates: ['2026-04-07', '2026-04-09'], reason: 'All fields are closed for the tournament' }, c)!;
    expect(declined.subject).toBe('Practice request declined: Blue Jays, Tue, Apr 7 / Thu, Apr 9');
    expect(declined.content.paragraphs).toContain('Reason: All fields are closed for the tournament');
    expect(declined.content.action!.url).toBe('https://practice.example.org/practice-request');
    expect(declined.content.footer).toContain('Blue Jays');
  });

  it('a clinic place, a waitlist place, a promotion and a cancellation each say so, in the league zone, and always go out', () => {
    const placed = notificationMail('clinic.registered', { ...clinic, status: 'registered' }, c)!;
    expect(placed.subject).toBe('Clinic place confirmed: Ava Ruiz, Pitching clinic, Sat Apr 4, 9:00 am');
    expect(placed.content.paragraphs[0]).toBe('Sat Apr 4, 9:00 am – 11:00 am at Cedar Park (1 Main St).');
    const waiting = notificationMail('clinic.registered', { ...clinic, status: 'waitlisted' }, c)!;
    expect(waiting.subject).toMatch(/^On the waitlist: Ava Ruiz/);
    expect(notificationMail('clinic.promoted', clinic, c)!.content.heading).toBe('Ava Ruiz now has a place in Pitching clinic');
    expect(notificationMail('clinic.cancelled', { ...clinic, reason: 'Rain' }, c)!.content.paragraphs).toContain('Reason: Rain');
    for (const mail of [placed, waiting]) {
      expect(mail.preference).toBe('always');
      expect(mail.content.footer).toBe('You get this email because of a clinic registration you made. To see or cancel it, open https://practice.example.org/clinics');
    }
  });

  it('a kind this version does not know gets no email (clinics)', () => {
    expect(notificationMail('clinic.opened', {}, c)).toBeNull();
  });
});

describe('contact message email (to each admin)', () => {
  const payload: NotificationPayloads['contact.received'] = {
    contactMessageId: 'm1',
    name: 'Eve\r\nBcc: victim@example.org',
    email: 'eve@example.org',
    subject: 'Lights\nX-Injected: yes',
    message: 'Line one.\nLine two <b>bold</b>.',
  };

  it('a one-line subject naming the sender, the message as written, a link to /admin, an admin footer and preference always', () => {
    const mail = notificationMail('contact.received', payload, c)!;
    expect(mail.subject).toBe('Contact message from Eve Bcc: victim@example.org: Lights X-Injected: yes');
    expect(mail.preference).toBe('always');
    expect(mail.content.paragraphs).toContain('Line one.\nLine two <b>bold</b>.');
    expect(mail.content.paragraphs[0]).toBe('From: Eve Bcc: victim@example.org <eve@example.org> (reply to this address, not to this email)');
    expect(mail.content.action!.url).toBe('https://practice.example.org/admin');
    expect(mail.content.footer).toMatch(/as a league admin/);
    expect(mail.content.footer).not.toMatch(/clinic/);
  });
});

describe('the same emails in Spanish (the recipient chose it on their profile)', () => {
  const es = { ...c, locale: 'es' as const };
  const clinic = { clinicId: 'c1', clinicTitle: 'Pitching clinic', participantName: 'Ava Ruiz', startsAt: '2026-04-04T14:00:00.000Z', endsAt: '2026-04-04T16:00:00.000Z', location: 'Cedar Park (1 Main St)' };
  const swap = { fieldName: 'Field 3', startsAt: practice.startsAt, endsAt: practice.endsAt };
  const closure = { closureId: 'x', teamName: 'Blue Jays', place: 'Riverside Park', startsAt: practice.startsAt, endsAt: practice.endsAt, reason: 'Wet fields' };
  const every: { [K in NotificationKind]: NotificationPayloads[K] } = {
    'booking.created': { ...practice, override: true, reason: 'Tournament' },
    'booking.cancelled': { ...practice, reason: 'Rain', byAdmin: true, blocked: false },
    'booking.bumped': { ...practice, reason: 'Tournament' },
    'booking.moved': { ...practice, fromFieldName: 'Field 1', fromStartsAt: '2026-03-02T23:00:00.000Z', reason: 'Lights' },
    'booking.reminder': { ...practice, facilityName: 'Cedar Park', facilityAddress: '1 Main St' },
    'practice-request.approved': { ...practice, requestId: 'r1', response: 'Enjoy' },
    'practice-request.declined': { requestId: 'r1', teamName: 'Blue Jays', preferredDates: ['2026-04-07'], reason: 'Closed' },
    'contact.received': { contactMessageId: 'm', name: 'Eve', email: 'eve@example.org', subject: 'Lights', message: 'Hola' },
    'clinic.registered': { ...clinic, status: 'registered' },
    'clinic.promoted': clinic,
    'clinic.cancelled': { ...clinic, reason: 'Rain' },
    'clinic.registration.cancelled': { ...clinic, status: 'waitlisted' },
    'clinic.changed': { ...clinic, before: { startsAt: practice.startsAt, endsAt: practice.endsAt, location: 'Elsewhere' } },
    'opening.drawn': { roundId: 'r', teamName: 'Blue Jays', seasonName: 'Spring 2027', got: [{ round: 1, rank: 2, label: 'A' }], missed: [{ rank: 1, label: 'B', reason: 'taken' }] },
    'opening.cancelled': { roundId: 'r', teamName: 'Blue Jays', seasonName: 'Spring 2027', drawAt: practice.startsAt },
    'closure.cancelled': { ...closure, practices: [swap], credits: 1, creditsExpireAt: '2026-03-11T06:00:00.000Z' },
    'closure.reopened': { ...closure, restored: [swap], notRestored: [swap] },
    'wait.offered': { waitId: 'w', slotId: 's', teamName: 'Blue Jays', fieldName: 'Field 1', startsAt: practice.startsAt, endsAt: practice.endsAt, holdUntil: practice.startsAt },
    'swap.offered': { swapId: 's', kind: 'swap', teamName: 'Blue Jays', otherTeamName: 'Robins', offered: swap, wanted: [swap], note: null, expiresAt: practice.startsAt },
    'swap.accepted': { swapId: 's', kind: 'swap', teamName: 'Blue Jays', otherTeamName: 'Robins', gave: swap, got: swap },
    'swap.declined': { swapId: 's', kind: 'give', teamName: 'Blue Jays', otherTeamName: 'Robins', offered: swap },
  };

  it.each(Object.keys(every) as NotificationKind[])('%s: every line in Spanish, its times as "mar 3 mar, 5:00 p.m."', (kind) => {
    const english = notificationMail(kind, every[kind], c)!;
    const spanish = notificationMail(kind, every[kind], es)!;
    const lines = [spanish.subject, spanish.content.heading, ...spanish.content.paragraphs, spanish.content.action!.label, spanish.content.footer!];
    expect(spanish.subject).not.toBe(english.subject);
    expect(spanish.content.heading).not.toBe(english.content.heading);
    expect(spanish.content.action!.label).not.toBe(english.content.action!.label);
    expect(spanish.content.footer).not.toBe(english.content.footer);
    expect(spanish.content.action!.url).toBe(english.content.action!.url);
    for (const line of lines) {
      expect(line).not.toMatch(/[{}]|undefined|\b(am|pm)\b|\b(Tue|Mon|Sat|Mar 3)\b|\.\.$/);
    }
  });

  it('names the opening round’s slots in Spanish, and one deleted since as gone; the draw’s English labels stay for English', () => {
    const drawn: NotificationPayloads['opening.drawn'] = {
      roundId: 'r',
      teamName: 'Blue Jays',
      seasonName: 'Spring 2027',
      got: [{ round: 1, rank: 2, label: 'Field 2, Tue Mar 3, 5:00 pm', slot: { fieldName: 'Field 2', startsAt: practice.startsAt } }],
      missed: [
        { rank: 1, label: 'Field 1, Tue Mar 3, 5:00 pm', reason: 'Taken by Robins in round 1', slot: { fieldName: 'Field 1', startsAt: practice.startsAt } },
        { rank: 3, label: 'A slot that no longer exists', reason: 'No longer free at the draw', gone: true },
      ],
    };
    const spanish = notificationMail('opening.drawn', drawn, es)!.content.paragraphs;
    expect(spanish).toContain('Ronda 1: Field 2, mar 3 mar, 5:00 p.m. (tu 2.ª opción)');
    // The reasons are the draw's own words, part of its published result (English).
    expect(spanish).toContain('Tu 1.ª opción, Field 1, mar 3 mar, 5:00 p.m.: Taken by Robins in round 1');
    expect(spanish).toContain('Tu 3.ª opción, Un horario que ya no existe: No longer free at the draw');
    const english = notificationMail('opening.drawn', drawn, c)!.content.paragraphs;
    expect(english).toContain('Round 1: Field 2, Tue Mar 3, 5:00 pm (your 2nd choice)');
    expect(english).toContain('Your 3rd choice, A slot that no longer exists: No longer free at the draw');
  });

  it('writes the booking email a Spanish-speaking coach reads', () => {
    const mail = notificationMail('booking.created', { ...practice, override: false, reason: null }, es)!;
    expect(mail.subject).toBe('Práctica reservada: Blue Jays, Field 2, mar 3 mar, 5:00 p.m.');
    expect(mail.content.heading).toBe('Práctica reservada para Blue Jays');
    expect(mail.content.paragraphs).toEqual([
      'Field 2, mar 3 mar, 5:00 p.m. – 6:20 p.m.',
      '¿Necesitas cancelar? Hazlo en Mis reservas antes del plazo de cancelación, para que otro equipo pueda usar el campo.',
    ]);
    expect(mail.content.action).toEqual({ label: 'Ver mis reservas', url: 'https://practice.example.org/my-reservations' });
  });
});
