import { describe, expect, it } from 'vitest';
import { ReadCache } from './read-cache';
import { chooseEncoding, readyJson } from './ready-response';

/** A load the test finishes by hand, to change things while it is in flight. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const spec = (tags: string[]) => ({ joinTags: ['any'], tagsOf: () => tags });

describe('ReadCache', () => {
  it('loads once, then answers from memory until a tag it holds is invalidated', async () => {
    const cache = new ReadCache<number>({ max: 10, maxAgeMs: 60_000 });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('week', load, spec(['slot:a', 'slot:b']))).toBe(1);
    expect(await cache.get('week', load, spec(['slot:a', 'slot:b']))).toBe(1);
    cache.invalidate(['slot:c']);
    expect(await cache.get('week', load, spec(['slot:a', 'slot:b']))).toBe(1);
    cache.invalidate(['slot:b']);
    expect(await cache.get('week', load, spec(['slot:a', 'slot:b']))).toBe(2);
    cache.invalidate('all');
    expect(await cache.get('week', load, spec(['slot:a']))).toBe(3);
  });

  it('does not store a read that was in flight when a change touching it committed', async () => {
    const cache = new ReadCache<string>({ max: 10, maxAgeMs: 60_000 });
    const first = deferred<string>();
    const pending = cache.get('week', () => first.promise, spec(['slot:a']));
    cache.invalidate(['slot:a']);
    first.resolve('before the change');
    // The requester still gets its answer (it was current when read), but it is not kept.
    expect(await pending).toBe('before the change');
    expect(await cache.get('week', async () => 'after the change', spec(['slot:a']))).toBe('after the change');
  });

  it('stores an in-flight read when the changes meanwhile touched other slots', async () => {
    const cache = new ReadCache<string>({ max: 10, maxAgeMs: 60_000 });
    const first = deferred<string>();
    const pending = cache.get('week', () => first.promise, spec(['slot:a']));
    cache.invalidate(['slot:z']);
    first.resolve('kept');
    await pending;
    expect(await cache.get('week', async () => 'reloaded', spec(['slot:a']))).toBe('kept');
  });

  it('shares one load between concurrent requests, but not with a request that came after a change', async () => {
    const cache = new ReadCache<string>({ max: 10, maxAgeMs: 60_000 });
    const first = deferred<string>();
    let loads = 0;
    const a = cache.get('week', () => (loads++, first.promise), spec(['slot:a']));
    const b = cache.get('week', async () => (loads++, 'second load'), spec(['slot:a']));
    expect(loads).toBe(1);
    cache.invalidate(['any']);
    const c = cache.get('week', async () => (loads++, 'after the change'), spec(['slot:a']));
    expect(loads).toBe(2);
    first.resolve('shared');
    expect(await Promise.all([a, b, c])).toEqual(['shared', 'shared', 'after the change']);
  });

  it('forgets a failed load: the next request reads again', async () => {
    const cache = new ReadCache<string>({ max: 10, maxAgeMs: 60_000 });
    await expect(cache.get('week', () => Promise.reject(new Error('database down')), spec([]))).rejects.toThrow('database down');
    expect(await cache.get('week', async () => 'back', spec([]))).toBe('back');
  });

  it('re-reads after its maximum age, and drops the least recently used beyond its size', async () => {
    const cache = new ReadCache<number>({ max: 2, maxAgeMs: 1 });
    let n = 0;
    await cache.get('a', async () => ++n, spec([]));
    const until = Date.now() + 5;
    while (Date.now() < until) {
      // Let the maximum age pass (1 ms) without a timer.
    }
    expect(await cache.get('a', async () => ++n, spec([]))).toBe(2);
    const small = new ReadCache<string>({ max: 2, maxAgeMs: 60_000 });
    for (const key of ['a', 'b', 'c']) await small.get(key, async () => key, spec([`t:${key}`]));
    expect(small.size).toBe(2);
    expect(await small.get('a', async () => 'a again', spec([]))).toBe('a again');
  });
});

describe('ready responses', () => {
  it('carry a content tag shared by equal bodies (every app server tags one answer alike)', () => {
    const value = { slots: Array.from({ length: 50 }, (_, i) => ({ id: `slot-${i}`, status: 'open' })) };
    const one = readyJson(value);
    const two = readyJson(structuredClone(value));
    expect(one.etag).toBe(two.etag);
    expect(one.etag).not.toBe(readyJson({ slots: [] }).etag);
    expect(JSON.parse(one.body.toString())).toEqual(value);
  });

  it('choose brotli, then gzip, honouring q=0', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*, br;q=0')).toBe('gzip');
    expect(chooseEncoding(undefined)).toBeNull();
  });
});
