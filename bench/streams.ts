/**
 * The open pages of the rush: `GET /api/events` streams held by plain HTTP readers (not browsers), in a process
 * of their own (forked by rush.ts, talking over IPC) so that reading 500 streams does not delay the coaches'
 * requests in the orchestrator, nor the other way round. Each stream notes when it first saw an event naming
 * each slot id; an event naming no slot (a resync: "reload your weeks") is noted by its time.
 *
 * Messages in: { type: 'open', base, count } → { type: 'opened', open, failed, firstErrors }
 *              { type: 'collect', slots: [{ id, after }], deadline } → { type: 'seen', times, empties, ended }
 *                (waits until every stream has seen every slot, or the deadline; `after`: a resync counts for a
 *                slot only if it came after this time, the booking's answer)
 *              { type: 'close' } → { type: 'closed' }, then exits.
 */
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const nowMs = () => performance.timeOrigin + performance.now();

interface Stream {
  req: http.ClientRequest;
  seen: Map<string, number>;
  empties: number[];
  ended: boolean;
}

export type StreamsRequest =
  | { type: 'open'; base: string; count: number }
  | { type: 'collect'; slots: Array<{ id: string; after: number }>; deadline: number }
  | { type: 'close' };

export type StreamsReply =
  | { type: 'opened'; open: number; failed: number; firstErrors: string[] }
  /**
   * times[stream][slot]: epoch ms the stream first saw the slot named (or a later resync), null if never.
   * loopDelayMs: how late this process's event loop ran while collecting (a busy machine delays the readers too).
   */
  | { type: 'seen'; times: Array<Array<number | null>>; empties: number; ended: number; loopDelayMs: { p99: number; max: number } }
  | { type: 'closed' };

const streams: Stream[] = [];
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
let onProgress: (() => void) | null = null;

function send(reply: StreamsReply): void {
  process.send!(reply);
}

function openOne(base: string): Promise<Stream | string> {
  return new Promise((resolve) => {
    const stream: Stream = { req: null as unknown as http.ClientRequest, seen: new Map(), empties: [], ended: false };
    let buffer = '';
    let settled = false;
    const req = http.get(`${base}/api/events`, { agent: false, headers: { accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) {
        settled = true;
        res.resume();
        resolve(`status ${res.statusCode}`);
        return;
      }
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        const at = nowMs();
        buffer += chunk;
        let cut: number;
        let changed = false;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          if (!settled && block.startsWith('retry:')) {
            settled = true;
            resolve(stream);
          }
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (!/^event: slots$/m.test(block) || !data) continue;
          const ids = (JSON.parse(data) as { slotIds: string[] }).slotIds;
          if (ids.length === 0) stream.empties.push(at);
          for (const id of ids) if (!stream.seen.has(id)) stream.seen.set(id, at);
          changed = true;
        }
        if (changed) onProgress?.();
      });
      res.on('end', () => (stream.ended = true));
      res.on('error', () => (stream.ended = true));
    });
    req.on('error', (err) => {
      stream.ended = true;
      if (!settled) {
        settled = true;
        resolve(String(err));
      }
    });
    stream.req = req;
  });
}

async function open(base: string, count: number): Promise<void> {
  const errors: string[] = [];
  // In batches, as pages open over a few moments, not one SYN flood.
  for (let i = 0; i < count; i += 50) {
    const batch = await Promise.all(Array.from({ length: Math.min(50, count - i) }, () => openOne(base)));
    for (const s of batch) {
      if (typeof s === 'string') errors.push(s);
      else streams.push(s);
    }
  }
  send({ type: 'opened', open: streams.length, failed: errors.length, firstErrors: [...new Set(errors)].slice(0, 5) });
  loopDelay.enable();
}

function timeFor(stream: Stream, slot: { id: string; after: number }): number | null {
  const named = stream.seen.get(slot.id);
  const resync = stream.empties.find((t) => t >= slot.after);
  if (named === undefined) return resync ?? null;
  return resync === undefined ? named : Math.min(named, resync);
}

function collect(slots: Array<{ id: string; after: number }>, deadline: number): void {
  const missing = () => streams.some((s) => !s.ended && slots.some((slot) => timeFor(s, slot) === null));
  const answer = () => {
    onProgress = null;
    clearTimeout(timer);
    send({
      type: 'seen',
      times: streams.map((s) => slots.map((slot) => timeFor(s, slot))),
      empties: streams.reduce((n, s) => n + s.empties.length, 0),
      ended: streams.filter((s) => s.ended).length,
      loopDelayMs: { p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 },
    });
  };
  const timer = setTimeout(answer, Math.max(0, deadline - nowMs()));
  if (!missing()) return answer();
  // Checked again on every event that arrives (cheap enough for ~100 slots × 500 streams per event batch).
  let pending = false;
  onProgress = () => {
    if (pending) return;
    pending = true;
    setImmediate(() => {
      pending = false;
      if (onProgress && !missing()) answer();
    });
  };
}

process.on('message', (message: StreamsRequest) => {
  if (message.type === 'open') void open(message.base, message.count);
  if (message.type === 'collect') collect(message.slots, message.deadline);
  if (message.type === 'close') {
    for (const s of streams) s.req.destroy();
    send({ type: 'closed' });
    process.disconnect();
  }
});
