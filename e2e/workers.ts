import os from 'node:os';

/**
 * The journeys run on E2E_WORKERS Playwright workers (one per two CPUs by default), and each worker has a server of its own: its
 * own port, data directory (a fresh demo league in its own embedded database) and OpenID provider. Journeys in two
 * workers never see each other's bookings, seasons or mail. Playwright sets TEST_PARALLEL_INDEX (0 … workers − 1)
 * in each worker process; the config itself (and any other process) reads worker 0.
 */
// One worker per two CPUs: a worker is a Chromium and a server, each busy while a journey runs. On 2 CPUs two workers
// made every journey about twice as slow (measured: the 91 journeys in 19.4 min with two, 19.7 min with one), so
// the timeouts were reached under load for no gain.
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? Math.floor(os.availableParallelism() / 2)));

/**
 * Journeys that mostly wait on the wall clock (the opening round's draw at its time: a minute of nobody's page open)
 * run in one more worker of their own, beside the others, so the waiting costs the suite no time. Measured on 2 CPUs:
 * the draw journey spent 70 s of the journeys' 429 s waiting, with both cores idle.
 */
export const WAITING_JOURNEYS = /opening\.spec\.ts$/;
/** Every worker at once: E2E_WORKERS for the journeys, and the one for those that wait. */
export const ALL_WORKERS = E2E_WORKERS + 1;

const BASE_PORT = Number(process.env.E2E_PORT ?? 4173);
// The provider's port follows E2E_PORT (E2E_PORT + 2000 unless E2E_OIDC_PORT says: clear of Vite's 5173 beside 4173).
const BASE_OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? BASE_PORT + 2000);
const BASE_DATA_DIR = process.env.E2E_DATA_DIR ?? '.tmp/e2e-data';
// Worker i listens on E2E_PORT + 100·i: several checkouts can run side by side with E2E_PORTs a few apart.
const PORT_STRIDE = 100;

export interface WorkerServer {
  port: number;
  origin: string;
  oidcPort: number;
  oidcIssuer: string;
  dataDir: string;
}

export function workerServer(index: number): WorkerServer {
  const port = BASE_PORT + index * PORT_STRIDE;
  const oidcPort = BASE_OIDC_PORT + index * PORT_STRIDE;
  return { port, origin: `http://127.0.0.1:${port}`, oidcPort, oidcIssuer: `http://127.0.0.1:${oidcPort}`, dataDir: `${BASE_DATA_DIR}-${index}` };
}

/** The server of the worker this code runs in. */
export const thisWorker: WorkerServer = workerServer(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
