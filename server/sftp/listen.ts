/** Starting a node:net / node:http listener of the SFTP process and naming where it listens. */
import type { Server } from 'node:net';

/** Listens on `port` (0: any free port) at `host`; answers the port taken and `scheme://host:port` (IPv6 in brackets). */
export async function listen(server: Server, scheme: string, port: number, host: string): Promise<{ port: number; url: string }> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const taken = (server.address() as { port: number }).port;
  return { port: taken, url: `${scheme}://${host.includes(':') ? `[${host}]` : host}:${taken}` };
}
