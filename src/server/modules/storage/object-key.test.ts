import { describe, expect, it } from 'vitest';
import { objectKey, parseObjectKey, probeKey } from './object-backend';

describe('parseObjectKey (what the orphan sweep may touch)', () => {
  it('reads back a file generation and a probe object', () => {
    expect(parseObjectKey(objectKey('users/u1/notes/plan 2.txt', 1732450000000123))).toEqual({
      kind: 'file',
      fullPath: 'users/u1/notes/plan 2.txt',
      generation: 1732450000000123,
    });
    expect(parseObjectKey(probeKey('0b5d2a6e-6f1c-4c36-9d8e-3b1f0c2a9e11'))).toEqual({ kind: 'probe' });
  });

  it('leaves alone any key the app never writes', () => {
    for (const key of ['backup.tar.gz', 'users/u1/a.png', 'users/u1/a.png#', 'users/u1/a.png#012', 'users/u1/a.png#12x', '#123', 'a#99999999999999999999', '_diag/probe-x', '_diag/other']) {
      expect(parseObjectKey(key), key).toBeNull();
    }
  });
});
