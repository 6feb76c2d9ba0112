import net from 'node:net';

export interface TcpProxy {
  /** Listens (again, on the same port as before, if any); answers the port. */
  listen(): Promise<number>;
  /** Closes the listener and every connection through it, as a crash or a cut network would. */
  cut(): Promise<void>;
  /** Connections open through it now. */
  readonly open: number;
}

/**
 * A TCP relay to `target` on a port of its own, between a server under test and a dependency
 * (PostgreSQL, Redis, an MQTT broker), which a test cuts and opens again: while cut, connections
 * are refused, and those that were open are reset. `listenPort`: a port of the test's choosing
 * (one known before the proxy first listens); by default one the system picks.
 */
export function tcpProxy(target: URL, defaultPort: number, listenPort = 0): TcpProxy {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = listenPort;
  return {
    get open() {
      return sockets.size / 2;
    },
    listen: () =>
      new Promise<number>((resolve, reject) => {
        server = net.createServer((inbound) => {
          const outbound = net.connect(Number(target.port) || defaultPort, target.hostname);
          inbound.pipe(outbound).pipe(inbound);
          for (const socket of [inbound, outbound]) {
            sockets.add(socket);
            socket.on('close', () => {
              sockets.delete(socket);
              // One side gone: the other goes too, as through a real network path.
              inbound.destroy();
              outbound.destroy();
            });
            socket.on('error', () => {});
          }
        });
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => resolve((port = (server!.address() as net.AddressInfo).port)));
      }),
    cut: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        if (server?.listening) server.close(() => resolve());
        else resolve();
      }),
  };
}
