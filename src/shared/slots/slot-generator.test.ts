import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { markOverlaps } from './overlaps';
import { clampToSeason, countPlannedSlots, dailyWindows, generateSlots, MAX_GENERATED_SLOTS, resolveLocal, type GeneratorInput } from './slot-generator';

const CHICAGO = 'America/Chicago';
const SEASON = { startsOn: '2027-01-01', endsOn: '2027-12-31' };

function input(overrides: Partial<GeneratorInput> = {}): GeneratorInput {
  return {
    fieldIds: ['f1'],
    daysOfWeek: [1, 2, 3, 4, 5, 6, 7],
    firstStart: '17:00',
    lastEnd: '21:00',
    lengthMinutes: 90,
    gapMinutes: 15,
    startDate: '2027-04-05',
    endDate: '2027-04-11',
    skipDates: [],
    timeZone: CHICAGO,
    ...overrides,
  };
}

const local = (d: Date, tz = CHICAGO) => Temporal.Instant.fromEpochMilliseconds(d.getTime()).toZonedDateTimeISO(tz).toPlainDateTime().toString().slice(0, 16);

describe('daily windows', () => {
  it('cuts the window into slots with gaps, never past the last end', () => {
    expect(dailyWindows('17:00', '21:00', 90, 15)).toEqual([
      [1020, 1110],
      [1125, 1215],
    ]);
    expect(dailyWindows('17:00', '21:00', 60, 0).length).toBe(4);
    expect(dailyWindows('17:00', '18:00', 60, 0).length).toBe(1);
    expect(dailyWindows('17:00', '17:59', 60, 0).length).toBe(0);
  });
});

describe('the slot generator', () => {
  it('counts fields × chosen days × daily slots', () => {
    const r = generateSlots(input({ fieldIds: ['f1', 'f2', 'f3'], daysOfWeek: [1, 3, 5] }), SEASON);
    // 2027-04-05 is a Monday: Mon, Wed, Fri in that week; 2 slots a day; 3 fields.
    expect(r.slots.length).toBe(3 * 3 * 2);
    expect(new Set(r.slots.map((s) => s.date))).toEqual(new Set(['2027-04-05', '2027-04-07', '2027-04-09']));
    expect(r.dailyTimes).toEqual([
      { start: '17:00', end: '18:30' },
      { start: '18:45', end: '20:15' },
    ]);
  });

  it('leaves the gap between consecutive slots', () => {
    const r = generateSlots(input({ daysOfWeek: [1] }), SEASON);
    const [a, b] = r.slots;
    expect(b!.startsAt.getTime() - a!.endsAt.getTime()).toBe(15 * 60_000);
  });

  it('skips the dates to skip, and reports them', () => {
    const r = generateSlots(input({ daysOfWeek: [1, 2], skipDates: ['2027-04-06'] }), SEASON);
    expect(r.slots.every((s) => s.date === '2027-04-05')).toBe(true);
    expect(r.skipped).toEqual([
      { date: '2027-04-06', localStart: '17:00', reason: 'skipped-date' },
      { date: '2027-04-06', localStart: '18:45', reason: 'skipped-date' },
    ]);
  });

  it('clamps the date range to the season', () => {
    const season = { startsOn: '2027-04-07', endsOn: '2027-04-08' };
    const r = generateSlots(input(), season);
    expect(r.range).toEqual({ from: '2027-04-07', to: '2027-04-08' });
    expect(new Set(r.slots.map((s) => s.date))).toEqual(new Set(['2027-04-07', '2027-04-08']));
    expect(clampToSeason('2026-01-01', '2026-02-01', season)).toBeNull();
    expect(generateSlots(input({ startDate: '2026-01-01', endDate: '2026-02-01' }), season).slots).toEqual([]);
  });

  it('keeps 6:00 pm at 6:00 pm local on both sides of spring forward (America/Chicago, 2027-03-14)', () => {
    const r = generateSlots(input({ firstStart: '18:00', lastEnd: '19:00', lengthMinutes: 60, startDate: '2027-03-13', endDate: '2027-03-15' }), SEASON);
    expect(r.slots.map((s) => local(s.startsAt))).toEqual(['2027-03-13T18:00', '2027-03-14T18:00', '2027-03-15T18:00']);
    expect(r.slots.map((s) => s.startsAt.toISOString())).toEqual(['2027-03-14T00:00:00.000Z', '2027-03-14T23:00:00.000Z', '2027-03-15T23:00:00.000Z']);
  });

  it('keeps 6:00 pm at 6:00 pm local on both sides of fall back (America/Chicago, 2027-11-07)', () => {
    const r = generateSlots(input({ firstStart: '18:00', lastEnd: '19:00', lengthMinutes: 60, startDate: '2027-11-06', endDate: '2027-11-08' }), SEASON);
    expect(r.slots.map((s) => local(s.startsAt))).toEqual(['2027-11-06T18:00', '2027-11-07T18:00', '2027-11-08T18:00']);
    expect(r.slots.map((s) => s.startsAt.toISOString())).toEqual(['2027-11-06T23:00:00.000Z', '2027-11-08T00:00:00.000Z', '2027-11-09T00:00:00.000Z']);
  });

  it('never makes a slot at a local time that does not exist (2:00–3:00 am on spring forward)', () => {
    const r = generateSlots(input({ firstStart: '01:00', lastEnd: '04:00', lengthMinutes: 30, gapMinutes: 0, startDate: '2027-03-14', endDate: '2027-03-14' }), SEASON);
    const starts = r.slots.map((s) => local(s.startsAt).slice(11));
    expect(starts).toEqual(['01:00', '03:00', '03:30']);
    expect(r.skipped.map((s) => [s.localStart, s.reason])).toEqual([
      ['01:30', 'dst-gap'],
      ['02:00', 'dst-gap'],
      ['02:30', 'dst-gap'],
    ]);
  });

  it('never makes a slot twice, or at all, for a local time that happens twice (1:00–2:00 am on fall back)', () => {
    const r = generateSlots(input({ firstStart: '00:00', lastEnd: '03:00', lengthMinutes: 30, gapMinutes: 0, startDate: '2027-11-07', endDate: '2027-11-07' }), SEASON);
    const starts = r.slots.map((s) => local(s.startsAt).slice(11));
    expect(starts).toEqual(['00:00', '02:00', '02:30']);
    expect(r.skipped.map((s) => s.reason)).toEqual(['dst-repeat', 'dst-repeat', 'dst-repeat']);
    expect(new Set(r.slots.map((s) => s.startsAt.getTime())).size).toBe(r.slots.length);
  });

  it('handles a southern-hemisphere zone (Australia/Sydney: clocks go back 2027-04-04, forward 2027-10-03)', () => {
    const tz = 'Australia/Sydney';
    const autumn = generateSlots(input({ timeZone: tz, firstStart: '18:00', lastEnd: '19:00', lengthMinutes: 60, startDate: '2027-04-03', endDate: '2027-04-04' }), SEASON);
    expect(autumn.slots.map((s) => local(s.startsAt, tz))).toEqual(['2027-04-03T18:00', '2027-04-04T18:00']);
    // AEDT (+11) before, AEST (+10) after.
    expect(autumn.slots.map((s) => s.startsAt.toISOString())).toEqual(['2027-04-03T07:00:00.000Z', '2027-04-04T08:00:00.000Z']);
    const spring = generateSlots(input({ timeZone: tz, firstStart: '01:30', lastEnd: '03:30', lengthMinutes: 30, gapMinutes: 0, startDate: '2027-10-03', endDate: '2027-10-03' }), SEASON);
    expect(spring.slots.map((s) => local(s.startsAt, tz).slice(11))).toEqual(['03:00']);
    expect(spring.skipped.map((s) => s.reason)).toEqual(['dst-gap', 'dst-gap', 'dst-gap']);
  });

  it('skips a slot that a clock change falls inside (real length would differ)', () => {
    const r = generateSlots(input({ firstStart: '01:00', lastEnd: '04:00', lengthMinutes: 180, gapMinutes: 0, startDate: '2027-03-14', endDate: '2027-03-14' }), SEASON);
    expect(r.slots).toEqual([]);
    expect(r.skipped).toEqual([{ date: '2027-03-14', localStart: '01:00', reason: 'dst-shift' }]);
  });
});

describe('generator properties (fast-check)', () => {
  const zones = fc.constantFrom('America/Chicago', 'America/New_York', 'Europe/London', 'Australia/Sydney', 'Pacific/Auckland', 'UTC');
  const arbInput = fc
    .record({
      fields: fc.integer({ min: 1, max: 3 }),
      days: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }),
      first: fc.integer({ min: 0, max: 22 * 60 }),
      span: fc.integer({ min: 15, max: 8 * 60 }),
      length: fc.integer({ min: 15, max: 240 }),
      gap: fc.integer({ min: 0, max: 60 }),
      startOffset: fc.integer({ min: 0, max: 360 }),
      days_: fc.integer({ min: 0, max: 40 }),
      zone: zones,
    })
    .map((r) => {
      const first = r.first - (r.first % 5);
      const last = Math.min(first + r.span, 23 * 60 + 59);
      const start = Temporal.PlainDate.from('2027-01-01').add({ days: r.startOffset });
      const hh = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
      return input({
        fieldIds: Array.from({ length: r.fields }, (_, i) => `f${i}`),
        daysOfWeek: r.days,
        firstStart: hh(first),
        lastEnd: hh(last),
        lengthMinutes: r.length,
        gapMinutes: r.gap,
        startDate: start.toString(),
        endDate: start.add({ days: r.days_ }).toString(),
        timeZone: r.zone,
      });
    });

  it('no generated slot overlaps another on the same field', () => {
    fc.assert(
      fc.property(arbInput, (inp) => {
        const { slots } = generateSlots(inp, SEASON);
        const byField = new Map<string, typeof slots>();
        for (const s of slots) byField.set(s.fieldId, [...(byField.get(s.fieldId) ?? []), s]);
        for (const list of byField.values()) {
          const sorted = [...list].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
          for (let i = 1; i < sorted.length; i++) expect(sorted[i]!.startsAt.getTime()).toBeGreaterThanOrEqual(sorted[i - 1]!.endsAt.getTime());
        }
        expect(markOverlaps(slots, slots.filter((_, i) => i % 2 === 0)).filter((m) => m.clash).length).toBe(Math.ceil(slots.length / 2));
      }),
      { numRuns: 200 },
    );
  });

  it('every slot lies inside the requested local-time window, on a chosen day, in range, at its asked length', () => {
    fc.assert(
      fc.property(arbInput, (inp) => {
        const { slots } = generateSlots(inp, SEASON);
        for (const s of slots) {
          const start = Temporal.Instant.fromEpochMilliseconds(s.startsAt.getTime()).toZonedDateTimeISO(inp.timeZone);
          const end = Temporal.Instant.fromEpochMilliseconds(s.endsAt.getTime()).toZonedDateTimeISO(inp.timeZone);
          const hhmm = (z: Temporal.ZonedDateTime) => `${String(z.hour).padStart(2, '0')}:${String(z.minute).padStart(2, '0')}`;
          expect(hhmm(start) >= inp.firstStart).toBe(true);
          expect(hhmm(end) <= inp.lastEnd).toBe(true);
          expect(start.toPlainDate().toString()).toBe(s.date);
          expect(end.toPlainDate().toString()).toBe(s.date);
          expect(inp.daysOfWeek).toContain(start.dayOfWeek);
          expect(s.date >= inp.startDate && s.date <= inp.endDate).toBe(true);
          expect(s.endsAt.getTime() - s.startsAt.getTime()).toBe(inp.lengthMinutes * 60_000);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('the generator limit (issue 10)', () => {
  it('counts what a request would make without building it, and counts a century of every field, all day, in a blink', () => {
    expect(countPlannedSlots(input({ fieldIds: ['f1', 'f2', 'f3'], daysOfWeek: [1, 3, 5] }), SEASON)).toBe(3 * 3 * 2);
    expect(countPlannedSlots(input({ daysOfWeek: [1, 2], skipDates: ['2027-04-06'] }), SEASON)).toBe(2);
    expect(countPlannedSlots(input({ startDate: '2026-01-01', endDate: '2026-02-01' }), SEASON)).toBe(0);
    const fields = Array.from({ length: 100 }, (_, i) => `f${i}`);
    const started = performance.now();
    const huge = countPlannedSlots(input({ fieldIds: fields, firstStart: '00:00', lastEnd: '23:59', lengthMinutes: 15, gapMinutes: 0, startDate: '2000-01-01', endDate: '2100-12-31' }), {
      startsOn: '2000-01-01',
      endsOn: '2100-12-31',
    });
    expect(huge).toBe(36_890 * 95 * 100);
    expect(huge).toBeGreaterThan(MAX_GENERATED_SLOTS);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('builds the largest allowed run of the costliest shape (one field, 15-minute slots all day) quickly', () => {
    const worst = input({ firstStart: '00:00', lastEnd: '23:59', lengthMinutes: 15, gapMinutes: 0, startDate: '2027-01-01', endDate: '2027-04-15' });
    expect(countPlannedSlots(worst, SEASON)).toBe(105 * 95);
    const started = performance.now();
    const r = generateSlots(worst, SEASON);
    const elapsed = performance.now() - started;
    // Spring forward (2027-03-14) loses the four slots starting 2:00-2:45 and the one ending at 2:00.
    expect(r.slots.length).toBe(105 * 95 - 5);
    expect(elapsed).toBeLessThan(250);
  });

  const zones = fc.constantFrom('America/Chicago', 'Europe/London', 'Australia/Sydney', 'Pacific/Auckland', 'America/Sao_Paulo', 'Asia/Kolkata', 'UTC');
  it('the one-offset-a-day shortcut gives exactly the instants resolving each time on its own gives (fast-check, around clock changes)', () => {
    fc.assert(
      fc.property(zones, fc.integer({ min: 0, max: 729 }), fc.integer({ min: 0, max: 1439 }), (zone, dayOffset, minutes) => {
        const date = Temporal.PlainDate.from('2026-01-01').add({ days: dayOffset });
        const hh = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
        const start = minutes - (minutes % 15);
        if (start + 15 > 1439) return;
        const r = generateSlots(input({ timeZone: zone, firstStart: hh(start), lastEnd: hh(start + 15), lengthMinutes: 15, gapMinutes: 0, startDate: date.toString(), endDate: date.toString() }), {
          startsOn: '2026-01-01',
          endsOn: '2027-12-31',
        });
        const a = resolveLocal(date, start, zone);
        const b = resolveLocal(date, start + 15, zone);
        if ('instant' in a && 'instant' in b && b.instant.epochMilliseconds - a.instant.epochMilliseconds === 15 * 60_000) {
          expect(r.slots.map((s) => [s.startsAt.getTime(), s.endsAt.getTime()])).toEqual([[a.instant.epochMilliseconds, b.instant.epochMilliseconds]]);
        } else {
          expect(r.slots).toEqual([]);
          expect(r.skipped).toHaveLength(1);
        }
      }),
      { numRuns: 2_000 },
    );
  });

  it('the shortcut matches resolving each time on every 15-minute slot of the days around each clock change, 2026-2027', () => {
    for (const zone of ['America/Chicago', 'Europe/London', 'Australia/Sydney', 'Pacific/Auckland', 'America/Santiago', 'Asia/Tehran', 'Australia/Lord_Howe']) {
      let at = Temporal.Instant.from('2026-01-01T00:00:00Z').toZonedDateTimeISO(zone);
      for (let next = at.getTimeZoneTransition('next'); next && next.year < 2028; next = at.getTimeZoneTransition('next')) {
        at = next;
        for (let d = -2; d <= 2; d++) {
          const date = next.toPlainDate().add({ days: d });
          const r = generateSlots(input({ timeZone: zone, firstStart: '00:00', lastEnd: '23:59', lengthMinutes: 15, gapMinutes: 0, startDate: date.toString(), endDate: date.toString() }), {
            startsOn: '2025-01-01',
            endsOn: '2028-12-31',
          });
          const expected = dailyWindows('00:00', '23:59', 15, 0).flatMap(([s0, e0]) => {
            const a = resolveLocal(date, s0, zone);
            const b = resolveLocal(date, e0, zone);
            return 'instant' in a && 'instant' in b && b.instant.epochMilliseconds - a.instant.epochMilliseconds === 15 * 60_000
              ? [[a.instant.epochMilliseconds, b.instant.epochMilliseconds]]
              : [];
          });
          expect(r.slots.map((x) => [x.startsAt.getTime(), x.endsAt.getTime()]), `${zone} ${date.toString()}`).toEqual(expected);
        }
      }
    }
  });

  it('never counts fewer slots than it builds (fast-check)', () => {
    fc.assert(
      fc.property(zones, fc.integer({ min: 0, max: 360 }), fc.integer({ min: 0, max: 60 }), fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }), (zone, offset, span, days) => {
        const start = Temporal.PlainDate.from('2027-01-01').add({ days: offset });
        const inp = input({ timeZone: zone, fieldIds: ['a', 'b'], daysOfWeek: days, firstStart: '00:00', lastEnd: '06:00', lengthMinutes: 30, gapMinutes: 0, startDate: start.toString(), endDate: start.add({ days: span }).toString() });
        const built = generateSlots(inp, SEASON);
        const dstSkips = built.skipped.filter((k) => k.reason !== 'skipped-date').length;
        expect(countPlannedSlots(inp, SEASON)).toBe(built.slots.length + dstSkips * 2);
      }),
      { numRuns: 200 },
    );
  });
});
