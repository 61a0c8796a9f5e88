/** A REAL TCP listener standing in for a receipt printer's raw port (9100), for the printing tests. */
import net from 'node:net';

/** A raw TCP port like a printer's 9100: keeps every connection's bytes. */
export async function fakePrinter(): Promise<{ port: number; jobs: Buffer[]; received: () => Promise<Buffer[]>; close: () => Promise<void> }> {
  const jobs: Buffer[] = [];
  const pending = new Set<Promise<void>>();
  const server = net.createServer((socket) => {
    const chunks: Buffer[] = [];
    pending.add(new Promise((resolve) => {
      socket.on('data', (c) => chunks.push(c));
      socket.on('end', () => { jobs.push(Buffer.concat(chunks)); resolve(); });
    }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port, jobs,
    received: async () => { await Promise.all(pending); return jobs; },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

