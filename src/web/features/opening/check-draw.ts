import { draw, sha256Hex, type DrawInput, type DrawResult } from '../../../shared/opening/draw';
import { drawInputSchema } from '../../../shared/opening/opening.schemas';
import { loadTemporal } from '../../lib/temporal-native-first';
import { ordinal } from './opening-words';

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

/** Checks a published draw against the inputs `loadInputs` fetches (a failed fetch throws, as the caller shows it). */
export async function checkDraw(published: PublishedDraw, loadInputs: (roundId: string) => Promise<unknown>): Promise<DrawCheck> {
  const raw = await loadInputs(published.round.id);
  const parsed = drawInputSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` (at ${issue.path.join('.')})` : '';
    return { matches: false, differences: [`The published inputs are not a draw’s inputs: ${issue?.message ?? 'unreadable'}${where}.`] };
  }
  const inputs: DrawInput = parsed.data;
  const differences: string[] = [];
  const { round } = published;

  if (inputs.roundId !== round.id) differences.push(`The inputs are for round ${inputs.roundId}, not this round (${round.id}).`);
  if (round.seed !== null && inputs.seed !== round.seed) differences.push(`The inputs’ seed (${inputs.seed}) is not the seed this page shows (${round.seed}).`);
  const hash = await sha256Hex(inputs.seed);
  if (hash !== round.seedHash) differences.push(`The seed’s SHA-256 is ${hash}, not the hash published before the draw (${round.seedHash}).`);

  // The shared rules compute with Temporal: the browser's own, or the polyfill loaded now.
  await loadTemporal();
  const recomputed = draw(inputs);
  differences.push(...compareResults(published.result, recomputed, inputs));
  return differences.length === 0 ? { matches: true } : { matches: false, differences };
}

/** What differs between the published result and the recomputed one, in words with team names and slot labels. */
export function compareResults(published: DrawResult, recomputed: DrawResult, inputs: Pick<DrawInput, 'teams' | 'slots'>): string[] {
  const teamNames = new Map(inputs.teams.map((t) => [t.id, t.name]));
  const slotLabels = new Map(inputs.slots.map((s) => [s.id, s.label]));
  const team = (id: string) => teamNames.get(id) ?? id;
  const slot = (id: string) => slotLabels.get(id) ?? id;
  const differences: string[] = [];

  if (!sameList(published.order, recomputed.order)) {
    differences.push(`The team order differs: published ${published.order.map(team).join(', ') || 'none'}; recomputed ${recomputed.order.map(team).join(', ') || 'none'}.`);
  }

  const pickWords = (p: DrawResult['picks'][number] | undefined) =>
    p ? `${team(p.teamId)} took ${slot(p.slotId)} (round ${p.round}, turn ${p.turn}, ${ordinal(p.rank)} choice)` : 'no pick';
  differences.push(
    ...listed(
      indexes(published.picks.length, recomputed.picks.length)
        .filter((i) => !samePick(published.picks[i], recomputed.picks[i]))
        .map((i) => `Pick ${i + 1}: published ${pickWords(published.picks[i])}; recomputed ${pickWords(recomputed.picks[i])}.`),
      'picks',
    ),
  );

  const missKey = (m: DrawResult['missed'][number]) => `${m.teamId}|${m.slotId}|${m.rank}`;
  const recomputedMisses = new Map(recomputed.missed.map((m) => [missKey(m), m]));
  const publishedMisses = new Map(published.missed.map((m) => [missKey(m), m]));
  const missWords = (m: DrawResult['missed'][number]) => `${team(m.teamId)}’s ${ordinal(m.rank)} choice (${slot(m.slotId)})`;
  differences.push(
    ...listed(
      [
        ...published.missed.flatMap((m) => {
          const other = recomputedMisses.get(missKey(m));
          if (!other) return [`${missWords(m)}: published as missed (“${m.reason}”); recomputed, it was not missed.`];
          return other.reason === m.reason ? [] : [`${missWords(m)}: published as missed because “${m.reason}”; recomputed because “${other.reason}”.`];
        }),
        ...recomputed.missed.filter((m) => !publishedMisses.has(missKey(m))).map((m) => `${missWords(m)}: recomputed as missed (“${m.reason}”); the published result does not list it.`),
      ],
      'missed preferences',
    ),
  );

  if (!sameList(published.leftover, recomputed.leftover)) {
    const onlyPublished = published.leftover.filter((id) => !recomputed.leftover.includes(id));
    const onlyRecomputed = recomputed.leftover.filter((id) => !published.leftover.includes(id));
    differences.push(
      onlyPublished.length || onlyRecomputed.length
        ? `The slots left over differ: ${[
            onlyPublished.length ? `only published: ${onlyPublished.map(slot).join('; ')}` : '',
            onlyRecomputed.length ? `only recomputed: ${onlyRecomputed.map(slot).join('; ')}` : '',
          ]
            .filter(Boolean)
            .join('; ')}.`
        : 'The slots left over are listed in another order.',
    );
  }
  return differences;
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

const samePick = (a: DrawResult['picks'][number] | undefined, b: DrawResult['picks'][number] | undefined) =>
  a !== undefined && b !== undefined && a.round === b.round && a.turn === b.turn && a.teamId === b.teamId && a.slotId === b.slotId && a.rank === b.rank;

const indexes = (a: number, b: number) => Array.from({ length: Math.max(a, b) }, (_, i) => i);

/** The first few differences of a kind, and how many more there are. */
function listed(items: string[], kind: string): string[] {
  if (items.length <= MAX_LISTED) return items;
  return [...items.slice(0, MAX_LISTED), `… and ${items.length - MAX_LISTED} more differences in the ${kind}.`];
}
