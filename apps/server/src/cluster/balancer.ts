// A small TCP load balancer for `npm run start:cluster`: each client connection goes to the next gateway
// in turn (round robin), and to the one after when a gateway refuses the connection, so HTTP keep-alive
// and websockets (an upgrade stays on its connection) work unchanged. In production use your own (nginx,
// HAProxy, a cloud balancer) with health checks on /api/health (docs/operations.md).
import { createConnection, createServer, type Server, type Socket } from 'node:net';

export interface Backend {
  host: string;
  port: number;
}

export function startBalancer(host: string, port: number, backends: readonly Backend[]): Promise<Server> {
  let next = 0;
  const connect = (client: Socket, tried: number) => {
    if (tried >= backends.length) {
      client.destroy();
      return;
    }
    const backend = backends[next % backends.length] as Backend;
    next += 1;
    const upstream = createConnection(backend);
    const onError = () => {
      upstream.destroy();
      connect(client, tried + 1);
    };
    upstream.once('error', onError);
    upstream.once('connect', () => {
      upstream.off('error', onError);
      upstream.on('error', () => client.destroy());
      client.on('error', () => upstream.destroy());
      client.pipe(upstream);
      upstream.pipe(client);
      client.resume();
    });
  };
  const server = createServer({ pauseOnConnect: true }, (client) => connect(client, 0));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
