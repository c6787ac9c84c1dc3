import { draw, sha256Hex, type DrawInput, type DrawResult } from '../../../shared/opening/draw';
import { drawInputSchema } from '../../../shared/opening/opening.schemas';
import type { Translate } from '../../lib/i18n';
import { loadTemporal } from '../../lib/temporal-native-first';

/*
 * "Check this draw" on /opening/:id (issue 26): anyone can redo the draw in their own browser. The published inputs
 * are fetched, the seed is checked against the hash published before the draw, and the same shared draw() the server
 * ran is run again; its result must be the published one, pick for pick.
 */

export type DrawCheck = { matches: true } | { matches: false; differences: string[] };

/** What the page publishes: the round (its hash from before the draw, its seed after) and the result. */
export interface PublishedDraw {
  round: { id: string; seedHash: string; seed: string | null };
  result: DrawResult;
}

/** At most this many differences of one kind are listed; the rest are counted. */
const MAX_LISTED = 5;

/**
 * Checks a published draw against the inputs `loadInputs` fetches (a failed fetch throws, as the caller shows it);
 * the differences are worded with `t`.
 */
export async function checkDraw(published: PublishedDraw, loadInputs: (roundId: string) => Promise<unknown>, t: Translate<'opening'>): Promise<DrawCheck> {
  const raw = await loadInputs(published.round.id);
  const parsed = drawInputSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const message = issue?.message ?? t('check.unreadable');
    return {
      matches: false,
      differences: [issue?.path.length ? t('check.notInputsAt', { message, path: issue.path.join('.') }) : t('check.notInputs', { message })],
    };
  }
  const inputs: DrawInput = parsed.data;
  const differences: string[] = [];
  const { round } = published;

  if (inputs.roundId !== round.id) differences.push(t('check.otherRound', { inputs: inputs.roundId, round: round.id }));
  if (round.seed !== null && inputs.seed !== round.seed) differences.push(t('check.otherSeed', { inputs: inputs.seed, round: round.seed }));
  const hash = await sha256Hex(inputs.seed);
  if (hash !== round.seedHash) differences.push(t('check.otherHash', { hash, published: round.seedHash }));

  // The shared rules compute with Temporal: the browser's own, or the polyfill loaded now.
  await loadTemporal();
  const recomputed = draw(inputs);
  differences.push(...compareResults(published.result, recomputed, inputs, t));
  return differences.length === 0 ? { matches: true } : { matches: false, differences };
}

/** What differs between the published result and the recomputed one, in words with team names and slot labels. */
export function compareResults(published: DrawResult, recomputed: DrawResult, inputs: Pick<DrawInput, 'teams' | 'slots'>, t: Translate<'opening'>): string[] {
  const teamNames = new Map(inputs.teams.map((t) => [t.id, t.name]));
  const slotLabels = new Map(inputs.slots.map((s) => [s.id, s.label]));
  const team = (id: string) => teamNames.get(id) ?? id;
  const slot = (id: string) => slotLabels.get(id) ?? id;
  const differences: string[] = [];

  if (!sameList(published.order, recomputed.order)) {
    differences.push(
      t('check.order', {
        published: published.order.map(team).join(', ') || t('check.none'),
        recomputed: recomputed.order.map(team).join(', ') || t('check.none'),
      }),
    );
  }

  const pickWords = (p: DrawResult['picks'][number] | undefined) =>
    p ? t('check.pickWords', { team: team(p.teamId), slot: slot(p.slotId), round: p.round, turn: p.turn, rank: p.rank }) : t('check.noPick');
  differences.push(
    ...listed(
      indexes(published.picks.length, recomputed.picks.length)
        .filter((i) => !samePick(published.picks[i], recomputed.picks[i]))
        .map((i) => t('check.pick', { number: i + 1, published: pickWords(published.picks[i]), recomputed: pickWords(recomputed.picks[i]) })),
      (count) => t('check.morePicks', { count }),
    ),
  );

  const missKey = (m: DrawResult['missed'][number]) => `${m.teamId}|${m.slotId}|${m.rank}`;
  const recomputedMisses = new Map(recomputed.missed.map((m) => [missKey(m), m]));
  const publishedMisses = new Map(published.missed.map((m) => [missKey(m), m]));
  const missWords = (m: DrawResult['missed'][number]) => ({ team: team(m.teamId), rank: m.rank, slot: slot(m.slotId), reason: m.reason });
  differences.push(
    ...listed(
      [
        ...published.missed.flatMap((m) => {
          const other = recomputedMisses.get(missKey(m));
          if (!other) return [t('check.missedOnlyPublished', missWords(m))];
          return other.reason === m.reason ? [] : [t('check.missedOtherReason', { ...missWords(m), other: other.reason })];
        }),
        ...recomputed.missed.filter((m) => !publishedMisses.has(missKey(m))).map((m) => t('check.missedOnlyRecomputed', missWords(m))),
      ],
      (count) => t('check.moreMissed', { count }),
    ),
  );

  if (!sameList(published.leftover, recomputed.leftover)) {
    const onlyPublished = published.leftover.filter((id) => !recomputed.leftover.includes(id));
    const onlyRecomputed = recomputed.leftover.filter((id) => !published.leftover.includes(id));
    const words = { published: onlyPublished.map(slot).join('; '), recomputed: onlyRecomputed.map(slot).join('; ') };
    differences.push(
      onlyPublished.length && onlyRecomputed.length
        ? t('check.leftoverBoth', words)
        : onlyPublished.length
          ? t('check.leftoverPublished', words)
          : onlyRecomputed.length
            ? t('check.leftoverRecomputed', words)
            : t('check.leftoverOrder'),
    );
  }
  return differences;
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

const samePick = (a: DrawResult['picks'][number] | undefined, b: DrawResult['picks'][number] | undefined) =>
  a !== undefined && b !== undefined && a.round === b.round && a.turn === b.turn && a.teamId === b.teamId && a.slotId === b.slotId && a.rank === b.rank;

const indexes = (a: number, b: number) => Array.from({ length: Math.max(a, b) }, (_, i) => i);

/** The first few differences of a kind, and how many more there are (`more` words the count). */
function listed(items: string[], more: (count: number) => string): string[] {
  if (items.length <= MAX_LISTED) return items;
  return [...items.slice(0, MAX_LISTED), more(items.length - MAX_LISTED)];
}
