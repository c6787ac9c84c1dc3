import { beforeAll, describe, expect, it } from 'vitest';
import { loadNamespace, translate, type Translate } from '../../lib/i18n';
import { testDraw } from '../../test/opening-fixture';
import { checkDraw as check, type PublishedDraw } from './check-draw';

/** The differences in English, as the page words them with its loaded catalogue. */
const t: Translate<'opening'> = (key, values) => translate('opening', key, values);
const checkDraw = (published: PublishedDraw, loadInputs: (roundId: string) => Promise<unknown>) => check(published, loadInputs, t);
beforeAll(() => loadNamespace('en', 'opening'));

describe('checkDraw', () => {
  it('matches a published draw that the shared draw() gives again from its inputs, with the seed of the published hash', async () => {
    const { inputs, result, seedHash } = await testDraw();
    expect(result.picks.length).toBeGreaterThan(2); // the fixture really shares slots out
    const check = await checkDraw({ round: { id: inputs.roundId, seedHash, seed: inputs.seed }, result }, () => Promise.resolve(structuredClone(inputs)));
    expect(check).toEqual({ matches: true });
  });

  it('names the pick that differs when the published result was tampered with, by team name and slot label', async () => {
    const { inputs, result, seedHash } = await testDraw();
    const first = result.picks[0]!;
    const other = inputs.teams.find((t) => t.id !== first.teamId)!;
    const tampered = { ...result, picks: [{ ...first, teamId: other.id }, ...result.picks.slice(1)] };
    const check = await checkDraw({ round: { id: inputs.roundId, seedHash, seed: inputs.seed }, result: tampered }, () => Promise.resolve(inputs));
    const label = inputs.slots.find((s) => s.id === first.slotId)!.label;
    const got = inputs.teams.find((t) => t.id === first.teamId)!.name;
    expect(check.matches).toBe(false);
    expect(check.matches === false && check.differences).toEqual([expect.stringMatching(new RegExp(`^Pick 1: published ${other.name} took ${label} .*; recomputed ${got} took ${label} `))]);
  });

  it('refuses a seed whose SHA-256 is not the hash published before the draw', async () => {
    const { inputs, result } = await testDraw();
    const check = await checkDraw({ round: { id: inputs.roundId, seedHash: '0'.repeat(64), seed: inputs.seed }, result }, () => Promise.resolve(inputs));
    expect(check).toEqual({ matches: false, differences: [expect.stringMatching(/^The seed’s SHA-256 is [0-9a-f]{64}, not the hash published before the draw \(0{64}\)\.$/)] });
  });

  it('says what differs in the team order and the slots left over', async () => {
    const { inputs, result, seedHash } = await testDraw();
    const tampered = { ...result, order: [...result.order].reverse(), leftover: [...result.leftover, 's-1'] };
    const check = await checkDraw({ round: { id: inputs.roundId, seedHash, seed: inputs.seed }, result: tampered }, () => Promise.resolve(inputs));
    const differences = check.matches ? [] : check.differences;
    expect(differences[0]).toMatch(/^The team order differs: published .+; recomputed .+\.$/);
    expect(differences.at(-1)).toBe(`The slots left over differ: only published: ${inputs.slots[0]!.label}.`);
  });

  it('says so when the published inputs are not a draw’s inputs', async () => {
    const { inputs, result, seedHash } = await testDraw();
    const check = await checkDraw({ round: { id: inputs.roundId, seedHash, seed: inputs.seed }, result }, () => Promise.resolve({ ...inputs, seed: 'not hex' }));
    expect(check).toEqual({ matches: false, differences: ['The published inputs are not a draw’s inputs: The seed is 64 lowercase hexadecimal characters (at seed).'] });
  });
});
