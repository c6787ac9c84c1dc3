import { describe, expect, it } from 'vitest';
import { loadTemporal, Temporal } from './temporal-native-first';

describe('temporal-native-first', () => {
  it('gives the browser’s own Temporal, or the polyfill once loaded, through the same binding', async () => {
    const before = Temporal as typeof Temporal | undefined;
    await loadTemporal();
    expect(Temporal.PlainDate.from('2027-03-01').dayOfWeek).toBe(1);
    if (before) expect(Temporal).toBe(before);
    // Loading again keeps what is there.
    const loaded = Temporal;
    await loadTemporal();
    expect(Temporal).toBe(loaded);
  });
});
