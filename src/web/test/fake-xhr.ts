import { vi } from 'vitest';

/**
 * The browser's XMLHttpRequest, replaced by one the test drives (vi.stubGlobal('XMLHttpRequest', FakeXhr)): it
 * records what was sent, and the test decides when bytes go out, what the server answers, or that the
 * connection drops.
 */
export class FakeXhr extends EventTarget {
  static made: FakeXhr[] = [];
  readonly upload = new EventTarget();
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  aborted = false;

  constructor() {
    super();
    FakeXhr.made.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.dispatchEvent(new Event('abort'));
  }
  // What the test makes happen:
  progress(loaded: number, total: number) {
    this.upload.dispatchEvent(Object.assign(new Event('progress'), { loaded, total, lengthComputable: true }));
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.dispatchEvent(new Event('load'));
  }
  dropConnection() {
    this.dispatchEvent(new Event('error'));
  }
}

/** The n-th request (1-based) once the client has sent it. */
export async function sentRequest(n: number): Promise<FakeXhr> {
  await vi.waitFor(() => {
    if (!FakeXhr.made[n - 1]?.body) throw new Error(`request ${n} not sent yet`);
  }, { timeout: 5_000 });
  return FakeXhr.made[n - 1]!;
}
