/**
 * The bench's baseline: one plain Fastify route (`GET /plain` answering `{ ok: true }`) in a process of its own,
 * so the app server, this baseline and the load generator never share an event loop. Started by bench/run.ts.
 * Prints "plain route listening at <url>" once it answers; stops on SIGTERM.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/plain', async () => ({ ok: true }));

const port = Number(process.env.PORT ?? 0);
await app.listen({ port, host: '127.0.0.1' });
const address = app.server.address();
const actual = typeof address === 'object' && address ? address.port : port;
process.stdout.write(`plain route listening at http://127.0.0.1:${actual}\n`);

const stop = () => {
  void app.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
