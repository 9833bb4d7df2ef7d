import { createServer, connect as tcpConnect, type Server, type Socket } from 'node:net';

/**
 * A TCP relay between the API and PostgreSQL that the test can cut (listener closed: new connections are refused;
 * open connections reset) and restore on the same port: the API sees exactly what it sees when an external
 * database goes away and comes back.
 */
export class DatabaseLink {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async up(): Promise<void> {
    const server = createServer((client) => {
      const upstream = tcpConnect(this.targetPort, this.targetHost);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    const address = server.address();
    if (typeof address === 'object' && address) this.port = address.port;
    this.server = server;
  }

  async down(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.resetAndDestroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** A fresh test database behind a DatabaseLink; the URL goes through the link. */
export async function linkedTestDatabase(databaseUrl: string): Promise<{ link: DatabaseLink; linkedUrl: string }> {
  const url = new URL(databaseUrl);
  const link = new DatabaseLink(url.hostname, Number(url.port));
  await link.up();
  url.hostname = '127.0.0.1';
  url.port = String(link.port);
  return { link, linkedUrl: url.toString() };
}
