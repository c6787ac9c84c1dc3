import fs from 'node:fs';
import path from 'node:path';
import { act, cleanup, screen, within } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_BOOKING_RULES } from '../../shared/bookings/booking-rules';
import type { Booking, BookingContext } from '../../shared/bookings/bookings.schemas';
import type { Slot } from '../../shared/slots/slots.schemas';
import type { Profile } from '../../shared/users/users.schemas';
import { compileCatalogue } from '../../shared/i18n/compile';
import { writeCachedSession } from './session/profile-cache';
import type { Namespace } from '../../shared/i18n/catalogues';
import { activate } from '../lib/i18n';
import { json, memberProfile, stubApi } from '../test/render-app';
import { renderWithProviders } from '../test/render-component';
import { testSlot } from '../test/slot-fixture';
import { SlotWaitAction } from '../features/waitlist/components/slot-wait-action';
import { WaitlistSection } from '../features/waitlist/components/waitlist-section';
import type { Wait } from '../../shared/waitlist/waitlist.schemas';
import { BookFieldPage } from '../features/bookings/components/book-field-page';
import { MyReservationsPage } from '../features/bookings/components/my-reservations-page';
import { FieldStatusNotice } from '../features/field-status/components/field-status-notice';
import type { FieldStatus } from '../../shared/rain-outs/rain-outs.schemas';

/*
 * Issue 30: Book a Field (the desktop week and the phone's day list) and My Reservations in Spanish, with none of the
 * bookings' or the waitlist's English words left (the check e2e/english-left.ts makes in a browser, on this feature's
 * catalogues), read from their files and compiled as the build does (key → message parts).
 */
const LOCALES = path.resolve(import.meta.dirname, '../../shared/i18n/locales');
const compiled = (locale: string, ns: string) =>
  compileCatalogue(ns, JSON.parse(fs.readFileSync(path.join(LOCALES, locale, `${ns}.json`), 'utf8')) as Record<string, string>) as Record<string, unknown>;
const catalogues = ['bookings', 'waitlist', 'field-status'].map((ns) => [compiled('en', ns), compiled('es', ns)] as const);
/** Every namespace: the page's own and those of the parts it is built with (the week navigator, the alerts…). */
const NAMESPACES = fs.readdirSync(path.join(LOCALES, 'es')).map((file) => file.replace(/\.json$/, '')) as Namespace[];
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A compiled message as a pattern: its literal text as itself, every argument as any text (as e2e/english-left.ts). */
const patternOf = (parts: unknown): string =>
  (typeof parts === 'string' ? [parts] : Array.isArray(parts) ? parts : [])
    .map((part) => (typeof part === 'string' ? escape(part.replace(/<\/?\d+\s*\/?>/g, '')).replace(/#/g, '\\d+') : '.+?'))
    .join('');
const english = catalogues.flatMap(([en, es]) =>
  Object.entries(en)
    .filter(([id, parts]) => JSON.stringify(parts) !== JSON.stringify(es[id]))
    .map(([id, parts]) => ({ id, source: patternOf(parts) }))
    .filter(({ source }) => /[A-Za-z]{2,}/.test(source.replace(/\.\+\?|\\d\+|\\./g, ' ')))
    .map(({ id, source }) => ({ id, pattern: new RegExp(`^${source}$`, 's') })),
);

/** Every text and accessible label on the page that is one of the feature's English messages. */
function englishLeft(): string[] {
  const texts = new Set<string>();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
    if (text && !node.parentElement?.closest('[aria-hidden="true"]')) texts.add(text);
  }
  for (const el of document.body.querySelectorAll('[aria-label], [title], [placeholder]')) {
    for (const name of ['aria-label', 'title', 'placeholder']) {
      const value = el.getAttribute(name)?.replace(/\s+/g, ' ').trim();
      if (value) texts.add(value);
    }
  }
  return [...texts].flatMap((text) => english.filter((m) => m.pattern.test(text)).map((m) => `"${text}" is ${m.id}`));
}

const SEASON = { id: '11111111-1111-4111-8111-111111111111', name: 'Fall 2026', startsOn: '2026-08-15', endsOn: '2026-12-19', active: true };
const PARK = '33333333-3333-4333-8333-333333333333';
const FIELD_1 = '22222222-2222-4222-8222-222222222222';
const coach: Profile = { ...memberProfile, role: 'coach', teamId: 'jays', teamName: 'Blue Jays' };
const facilities = [
  {
    id: PARK,
    name: 'Riverside Park',
    address: '100 River Rd',
    mapUrl: null,
    notes: null,
    active: true,
    fields: [{ id: FIELD_1, facilityId: PARK, name: 'Field 1', surface: 'grass', lights: true, color: '#1d4ed8', active: true, divisionIds: [] as string[] }],
  },
];
let n = 0;
const slot = (local: string, over: Partial<Slot> = {}): Slot => {
  const start = new Date(`${local}:00-06:00`);
  return testSlot({
    id: `slot-${++n}`,
    seasonId: SEASON.id,
    fieldId: FIELD_1,
    facilityId: PARK,
    startsAt: start.toISOString(),
    endsAt: new Date(start.getTime() + 90 * 60_000).toISOString(),
    ...over,
  });
};
const context: BookingContext = {
  timeZone: 'America/Chicago',
  // Sunday Nov 22: the page opens on the coming week.
  now: '2026-11-22T12:00:00.000Z',
  season: SEASON,
  rules: DEFAULT_BOOKING_RULES,
  team: { id: 'jays', name: 'Blue Jays', divisionId: null, divisionName: null },
  divisionRules: [],
  teamBookings: [new Date('2026-11-23T17:00:00-06:00').toISOString()],
  makeupCredits: [],
  cannotBook: null,
};
const slots = [
  slot('2026-11-23T18:45'),
  slot('2026-11-24T17:00'),
  slot('2026-11-24T18:45', { status: 'booked', teamId: 'cards', teamName: 'Cardinals' }),
  slot('2026-11-25T17:00', { status: 'blocked', blockReason: 'Field flooded' }),
];
const booking = (id: string, startsAt: string, over: Partial<Booking> = {}): Booking => ({
  id,
  slotId: `slot-${id}`,
  seasonId: SEASON.id,
  teamId: 'jays',
  teamName: 'Blue Jays',
  status: 'confirmed',
  startsAt,
  endsAt: new Date(Date.parse(startsAt) + 90 * 60_000).toISOString(),
  fieldId: FIELD_1,
  fieldName: 'Field 1',
  facilityName: 'Riverside Park',
  facilityAddress: '100 River Rd',
  mapUrl: 'https://maps.example.org/riverside',
  bookedByEmail: 'pat@example.org',
  createdAt: '2026-11-01T12:00:00.000Z',
  cancelledAt: null,
  cancelReason: null,
  override: false,
  overrideReason: null,
  ...over,
});

/** The browser's width, as the page asks it: a phone (below 640 px) or a desktop. */
function atWidth(phone: boolean) {
  const query = (media: string): MediaQueryList => ({
    matches: phone && /max-width/.test(media),
    media,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });
  Object.defineProperty(window, 'matchMedia', { value: query, configurable: true, writable: true });
}

let waits: Wait[] = [];
const wait = (over: Partial<Wait>): Wait => ({
  id: 'w1',
  slotId: 's1',
  state: 'waiting',
  fieldName: 'Field 1',
  facilityName: 'Riverside Park',
  startsAt: '2026-12-01T23:00:00.000Z',
  endsAt: '2026-12-02T00:30:00.000Z',
  position: null,
  holdUntil: null,
  createdAt: '2026-11-28T15:00:00.000Z',
  decidedAt: null,
  ...over,
});

async function inSpanish(ui: ReactNode, over: { context?: Partial<BookingContext>; closures?: FieldStatus['closures'] } = {}) {
  localStorage.clear();
  writeCachedSession({ profile: coach, isAdmin: false });
  const fieldStatus: FieldStatus = { timeZone: 'America/Chicago', closures: over.closures ?? [] };
  stubApi(coach, { '/api/seasons': { seasons: [SEASON] }, '/api/field-status': fieldStatus }, (url) => {
    if (url.startsWith('/api/facilities')) return json({ facilities });
    if (url.startsWith('/api/bookings/context')) return json({ ...context, ...over.context });
    if (url.startsWith('/api/slots?')) return json({ slots });
    if (url === '/api/bookings/mine') return json({ bookings: [booking('b1', '2026-11-24T23:00:00.000Z'), booking('b0', '2026-11-10T23:00:00.000Z', { status: 'cancelled', cancelReason: null })] });
    if (url === `/api/seasons/${SEASON.id}/booking-rules`) return json({ rules: DEFAULT_BOOKING_RULES });
    if (url === '/api/waits/mine') return json({ waits, timeZone: 'America/Chicago', holdMinutes: 120, maxWaits: 3 });
    return undefined;
  });
  await act(() => activate('es', NAMESPACES));
  // Awaited, so what the first render waits for (a lazy part, a catalogue) is drawn when it comes.
  await act(async () => {
    renderWithProviders(<Suspense fallback={null}>{ui}</Suspense>);
  });
}

afterEach(async () => {
  waits = [];
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await act(() => activate('en', NAMESPACES));
});

describe('Book a Field and My Reservations in Spanish (issue 30)', { timeout: 20_000 }, () => {
  it('draws the phone’s day list in Spanish, with no English of its own left', async () => {
    atWidth(true);
    await inSpanish(<BookFieldPage slotWait={SlotWaitAction} />);
    expect(await screen.findByRole('tablist', { name: 'Día de la semana' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Mis reservas' })).toBeTruthy();
    // Monday, the first day with slots: its one open slot is past the team's daily limit, said short on the slot.
    expect(await screen.findByText('Límite diario alcanzado')).toBeTruthy();
    expect(screen.getAllByRole('tab')[1]!.textContent).toContain(', 2 horarios');
    expect(englishLeft()).toEqual([]);
  });

  it('draws the desktop week in Spanish, with no English of its own left', async () => {
    atWidth(false);
    await inSpanish(<BookFieldPage slotWait={SlotWaitAction} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Reservar un campo' })).toBeTruthy();
    expect(await screen.findByText('Blue Jays · 1 de 2 esta semana · 1 de 4 próximas')).toBeTruthy();
    const grid = await screen.findByRole('table');
    expect(within(grid).getByText('Reservado por Cardinals')).toBeTruthy();
    expect(within(grid).getByText('Bloqueado: Field flooded')).toBeTruthy();
    expect(within(grid).getAllByRole('button', { name: /^.+ Reservar, Field 1, / }).length).toBeGreaterThan(0);
    expect(await within(grid).findByRole('button', { name: /^Avísame si se libera, Field 1, / })).toBeTruthy();
    expect(englishLeft()).toEqual([]);
  });

  it('says a field closure and the team’s make-up credits in Spanish: "hoy", the times, the day to use them by', async () => {
    atWidth(false);
    // Sunday Nov 22, 6 am in Chicago: closed today 4–9 pm, and tomorrow from 4 pm into Tuesday morning.
    const closures: FieldStatus['closures'] = [
      { id: 'c1', facilityId: PARK, facilityName: 'Riverside Park', fieldNames: ['Field 1'], startsAt: '2026-11-22T22:00:00.000Z', endsAt: '2026-11-23T03:00:00.000Z', reason: 'Wet fields' },
      { id: 'c2', facilityId: PARK, facilityName: 'Riverside Park', fieldNames: null, startsAt: '2026-11-23T22:00:00.000Z', endsAt: '2026-11-24T15:00:00.000Z', reason: 'Lightning' },
    ];
    const makeupCredits = ['2026-12-20T06:00:00.000Z', '2026-12-18T06:00:00.000Z'];
    // The notice reads "today" from when the status was read: the browser's clock, set to the context's now.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(context.now), shouldAdvanceTime: true });
    await inSpanish(<BookFieldPage slotWait={SlotWaitAction} fieldStatus={<FieldStatusNotice />} />, { context: { makeupCredits }, closures });
    expect(await screen.findByText('2 prácticas de reposición, la primera para usar hasta el 17 dic: puedes reservar aunque pases tu límite semanal.')).toBeTruthy();
    const notice = await screen.findByRole('region', { name: 'Cierres de campos' });
    expect(within(notice).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Riverside Park (Field 1): cerrado hoy, 4:00 p.m. – 9:00 p.m. (Wet fields)',
      'Riverside Park: cerrado mañana, 4:00 p.m. – mar 24 nov, 9:00 a.m. (Lightning)',
    ]);
    expect(englishLeft()).toEqual([]);
  });

  it('lists My Reservations in Spanish, with no English of its own left', async () => {
    atWidth(false);
    await inSpanish(<MyReservationsPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Mis reservas' })).toBeTruthy();
    const upcoming = await screen.findByRole('region', { name: 'Próximas' });
    expect(within(upcoming).getByText('Confirmada')).toBeTruthy();
    expect(within(upcoming).getByRole('link', { name: /^Añadir al calendario, .+ en Field 1$/ })).toBeTruthy();
    expect(within(upcoming).getByRole('link', { name: 'Mapa de Riverside Park (se abre en una pestaña nueva)' })).toBeTruthy();
    const past = screen.getByRole('region', { name: 'Pasadas' });
    expect(within(past).getByText('Motivo: no se indicó')).toBeTruthy();
    expect(englishLeft()).toEqual([]);
  });

  it('lists the team’s waitlist in Spanish (held, waiting, decided), with no English of its own left', async () => {
    waits = [
      wait({ id: 'w1', state: 'offered', holdUntil: '2026-12-02T01:00:00.000Z' }),
      wait({ id: 'w2', slotId: 's2', position: 2 }),
      wait({ id: 'w3', slotId: 's3', state: 'expired', decidedAt: '2026-11-29T03:00:00.000Z' }),
    ];
    atWidth(false);
    await inSpanish(<WaitlistSection />);
    const region = await screen.findByRole('region', { name: 'Lista de espera' });
    expect(await within(region).findByText('2.º en la lista')).toBeTruthy();
    expect(within(region).getByRole('button', { name: /^Tomarlo: Field 1, / })).toBeTruthy();
    expect(within(region).getByRole('button', { name: /^Dejar de esperar: Field 1, / })).toBeTruthy();
    expect(within(region).getByText(/El tiempo apartado se acabó/)).toBeTruthy();
    expect(englishLeft()).toEqual([]);
  });
});
