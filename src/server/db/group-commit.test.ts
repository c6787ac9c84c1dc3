import { describe, expect, it } from 'vitest';
import { groupCommit } from './group-commit';

/** A `run` whose calls the test ends by hand, each recorded with its items. */
function controlled<I>(answer: (item: I) => string = (item) => `ok ${String(item)}`) {
  const calls: Array<{ items: I[]; end: (err?: Error) => void }> = [];
  const run = (items: readonly I[]) =>
    new Promise<string[]>((resolve, reject) => {
      calls.push({ items: [...items], end: (err) => (err === undefined ? resolve(items.map(answer)) : reject(err)) });
    });
  return { calls, run };
}

/** Lets every pending tick, microtask and immediate run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('group commit', () => {
  it('sends a lone item at once, alone', async () => {
    const { calls, run } = controlled<number>();
    const send = groupCommit(run, { inFlight: 1, maxBatch: 10 });
    const answer = send(1);
    await settle();
    expect(calls.map((c) => c.items)).toEqual([[1]]);
    calls[0]!.end();
    await expect(answer).resolves.toBe('ok 1');
  });

  it('gathers the items that arrive while a call is on its way into the next call, in arrival order', async () => {
    const { calls, run } = controlled<number>();
    const send = groupCommit(run, { inFlight: 1, maxBatch: 10 });
    const answers = [send(1)];
    await settle();
    // Each in a tick of its own, as a rush's requests arrive.
    for (const n of [2, 3, 4]) {
      answers.push(send(n));
      await settle();
    }
    expect(calls.map((c) => c.items)).toEqual([[1]]);
    calls[0]!.end();
    await settle();
    expect(calls.map((c) => c.items)).toEqual([[1], [2, 3, 4]]);
    calls[1]!.end();
    await expect(Promise.all(answers)).resolves.toEqual(['ok 1', 'ok 2', 'ok 3', 'ok 4']);
  });

  it('keeps at most `inFlight` calls on their way and `maxBatch` items in one', async () => {
    const { calls, run } = controlled<number>();
    const send = groupCommit(run, { inFlight: 2, maxBatch: 2 });
    const answers = [send(1)];
    await settle();
    answers.push(send(2));
    await settle();
    for (const n of [3, 4, 5]) answers.push(send(n));
    await settle();
    // Two on their way; 3, 4 and 5 wait, two to a call.
    expect(calls.map((c) => c.items)).toEqual([[1], [2]]);
    calls[1]!.end();
    await settle();
    expect(calls.map((c) => c.items)).toEqual([[1], [2], [3, 4]]);
    calls[0]!.end();
    await settle();
    expect(calls.map((c) => c.items)).toEqual([[1], [2], [3, 4], [5]]);
    calls[2]!.end();
    calls[3]!.end();
    await expect(Promise.all(answers)).resolves.toEqual(['ok 1', 'ok 2', 'ok 3', 'ok 4', 'ok 5']);
  });

  it('takes a failed call apart: each item runs again alone, and only the failing one fails', async () => {
    const seen: number[][] = [];
    const bad = new Error('item 2 is bad');
    const send = groupCommit(
      async (items: readonly number[]) => {
        seen.push([...items]);
        if (items.includes(2)) throw bad;
        return items.map((n) => n * 10);
      },
      { inFlight: 1, maxBatch: 10 },
    );
    const results = await Promise.allSettled([send(1), send(2), send(3)]);
    expect(seen).toEqual([[1, 2, 3], [1], [2], [3]]);
    expect(results).toEqual([
      { status: 'fulfilled', value: 10 },
      { status: 'rejected', reason: bad },
      { status: 'fulfilled', value: 30 },
    ]);
  });

  it('when the database does not answer, every item of the call gets that error at once, and none runs again', async () => {
    const seen: number[][] = [];
    const lost = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    const send = groupCommit(
      async (items: readonly number[]) => {
        seen.push([...items]);
        throw lost;
      },
      { inFlight: 1, maxBatch: 10 },
    );
    const results = await Promise.allSettled([send(1), send(2), send(3)]);
    expect(seen).toEqual([[1, 2, 3]]);
    expect(results.map((r) => (r.status === 'rejected' ? (r.reason as unknown) : r))).toEqual([lost, lost, lost]);
  });

  it('frees its call slot after a failure: the next items still go', async () => {
    const send = groupCommit(
      async (items: readonly number[]) => {
        if (items[0] === 1) throw new Error('first call fails');
        return items;
      },
      { inFlight: 1, maxBatch: 10 },
    );
    await expect(send(1)).rejects.toThrow('first call fails');
    await expect(Promise.all([send(2), send(3)])).resolves.toEqual([2, 3]);
  });
});
