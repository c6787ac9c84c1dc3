import net from 'node:net';

/**
 * A TCP relay between the app and the real PostgreSQL, to make the network fail the ways a database host does:
 * - `refuse()`: stop listening and cut every connection (a stopped server: ECONNREFUSED, then resets);
 * - `cut()`: cut every open connection but keep accepting (pg_terminate_backend, a failover);
 * - `blackhole()`: keep connections open and accept new ones, but carry no byte either way (a frozen host, a
 *   network that drops packets): only a time limit gets the app out;
 * - `heal()`: back to relaying.
 * The database behind it is the real one; only the wire between is in the test's hands.
 */
export interface FaultProxy {
  port: number;
  refuse(): Promise<void>;
  cut(): void;
  blackhole(): void;
  heal(): Promise<void>;
  close(): Promise<void>;
}

export async function startFaultProxy(target: { host: string; port: number }): Promise<FaultProxy> {
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();
  let mode: 'relay' | 'blackhole' = 'relay';
  const onConnection = (client: net.Socket) => {
    const upstream = net.connect(target.port, target.host);
    const pair = { client, upstream };
    pairs.add(pair);
    const drop = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('data', (d) => {
      if (mode === 'relay') upstream.write(d);
    });
    upstream.on('data', (d) => {
      if (mode === 'relay') client.write(d);
    });
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
  };
  let server = net.createServer(onConnection);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  const cut = () => {
    for (const { client, upstream } of pairs) {
      client.resetAndDestroy();
      upstream.destroy();
    }
    pairs.clear();
  };
  const stopListening = () => new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
  return {
    port,
    refuse: async () => {
      const closed = stopListening();
      cut();
      await closed;
    },
    cut,
    blackhole: () => {
      mode = 'blackhole';
    },
    heal: async () => {
      // Bytes dropped while blackholed leave those connections' streams broken: they go; new ones relay.
      if (mode === 'blackhole') cut();
      mode = 'relay';
      if (!server.listening) {
        server = net.createServer(onConnection);
        await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
      }
    },
    close: async () => {
      const closed = stopListening();
      cut();
      await closed;
    },
  };
}
