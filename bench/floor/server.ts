/**
 * The floor in a process of its own (started by bench/run.ts, as the app server is): `FLOOR_DATABASE_URL` for
 * PostgreSQL, else `FLOOR_PGLITE_DIR` for a PGlite data directory (a copy of the app's seeded league: the app's
 * PGlite is one process and holds its own). `AUTH_SECRET` signs the league's session cookies; `LEAGUE_TIMEZONE`,
 * `SESSION_MAX_AGE_DAYS` and `PGLITE_SHARED_BUFFERS` as the app reads them. Prints "floor listening at <url>" once
 * it answers; stops on SIGTERM.
 */
import { createFloor } from './floor';
import { FLOOR_POOL, floorPglite, floorPostgres, type FloorDatabase } from './floor-database';

const need = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`the floor needs ${name}`);
  return value;
};

const db: FloorDatabase = process.env.FLOOR_DATABASE_URL
  ? floorPostgres(process.env.FLOOR_DATABASE_URL)
  : await floorPglite(need('FLOOR_PGLITE_DIR'), process.env.PGLITE_SHARED_BUFFERS ?? '32MB');
const floor = createFloor({
  db,
  authSecret: need('AUTH_SECRET'),
  timeZone: process.env.LEAGUE_TIMEZONE ?? 'America/Chicago',
  sessionMaxAgeDays: Number(process.env.SESSION_MAX_AGE_DAYS ?? 30),
});
// Every connection of the pool opened before "listening": the first presses do not pay for connecting, as the app's
// do not (its pool is open by the time the bench books: every session was checked through it).
await Promise.all(Array.from({ length: db.kind === 'postgres' ? FLOOR_POOL : 1 }, () => db.query('select pg_sleep(0.02)', [])));

floor.server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = floor.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.stdout.write(`floor (${db.kind}) listening at http://127.0.0.1:${port}\n`);
});

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  floor.close();
  floor.server.closeAllConnections();
  floor.server.close(() => void db.close().then(() => process.exit(0)));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
