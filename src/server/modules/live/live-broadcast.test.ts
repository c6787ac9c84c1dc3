import { describe, expect, it } from 'vitest';
import { SlotBroadcast } from './live-broadcast';

function stream(b: SlotBroadcast) {
  const got: Array<{ slotIds: string[] }> = [];
  b.add((chunk) => got.push(JSON.parse(/^event: slots\ndata: (.*)\n\n$/.exec(chunk)![1]!) as { slotIds: string[] }));
  return got;
}

describe('SlotBroadcast', () => {
  it('gathers the slots changed in one window into one event for every stream', () => {
    const b = new SlotBroadcast(50);
    const one = stream(b);
    const two = stream(b);
    b.hear({ type: 'slots', slotIds: ['a'] });
    b.hear({ type: 'slots', slotIds: ['b', 'a'] });
    b.hear({ type: 'league' });
    b.flush();
    expect(one).toEqual([{ slotIds: ['a', 'b'] }]);
    expect(two).toEqual(one);
    b.close();
  });

  it('asks for a full reload when an event named none, on a resync, or past 100 slots', () => {
    const b = new SlotBroadcast(50);
    const got = stream(b);
    b.hear({ type: 'slots', slotIds: ['a'] });
    b.hear({ type: 'slots', slotIds: [] });
    b.flush();
    b.hear({ type: 'resync' });
    b.flush();
    b.hear({ type: 'slots', slotIds: Array.from({ length: 101 }, (_, i) => `s${i}`) });
    b.flush();
    expect(got).toEqual([{ slotIds: [] }, { slotIds: [] }, { slotIds: [] }]);
    b.close();
  });

  it('sends once the window ends, and stops sending to a stream that left', async () => {
    const b = new SlotBroadcast(10);
    const stays = stream(b);
    const leaves: string[] = [];
    const remove = b.add((chunk) => leaves.push(chunk));
    remove();
    b.hear({ type: 'slots', slotIds: ['x'] });
    expect(stays).toEqual([]);
    await new Promise<void>((resolve) => {
      const check = () => (stays.length > 0 ? resolve() : setImmediate(check));
      check();
    });
    expect(stays).toEqual([{ slotIds: ['x'] }]);
    expect(leaves).toEqual([]);
    b.close();
  });
});
