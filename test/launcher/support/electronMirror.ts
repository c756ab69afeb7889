/**
 * A stand-in Electron release mirror on 127.0.0.1, in the layout @electron/get downloads from:
 * `<mirror>/v<version>/electron-v<version>-<platform>-<arch>.zip` and `<mirror>/v<version>/SHASUMS256.txt`.
 * It can also refuse (HTTP 404 for everything), or take connections and never answer. It is also an HTTP
 * proxy that leads every tunnel (CONNECT) to itself, so a mirror host that does not exist is reachable
 * through it, and only through it.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

export type MirrorBehaviour =
  | { kind: 'serve'; version: string; fileName: string; archive: Buffer }
  | { kind: 'not-found' }
  | { kind: 'silent' };

export interface StandInMirror {
  /** With the trailing slash ELECTRON_MIRROR needs. */
  url: string;
  /** "METHOD path" of every request, in order. */
  requests: string[];
  close(): Promise<void>;
}

export async function startElectronMirror(behaviour: MirrorBehaviour): Promise<StandInMirror> {
  const requests: string[] = [];
  const files = new Map<string, Buffer>();
  if (behaviour.kind === 'serve') {
    const sha256 = createHash('sha256').update(behaviour.archive).digest('hex');
    files.set(`/v${behaviour.version}/${behaviour.fileName}`, behaviour.archive);
    files.set(`/v${behaviour.version}/SHASUMS256.txt`, Buffer.from(`${sha256} *${behaviour.fileName}\n`));
  }
  const server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    if (behaviour.kind === 'silent') return;
    const body = files.get(request.url ?? '');
    if (!body) {
      response.writeHead(404).end('Not Found');
      return;
    }
    response.writeHead(200, { 'content-length': body.length, 'content-type': 'application/octet-stream' });
    response.end(request.method === 'HEAD' ? undefined : body);
  });
  const tunnels = new Set<Socket>();
  server.on('connect', (request: IncomingMessage, client: Socket, head: Buffer) => {
    requests.push(`CONNECT ${request.url}`);
    const upstream = connect(port, '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client).pipe(upstream);
    });
    for (const socket of [client, upstream]) {
      tunnels.add(socket);
      socket.on('error', () => socket.destroy());
      socket.on('close', () => tunnels.delete(socket));
    }
  });
  const port = await listen(server);
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    close: () => {
      for (const socket of tunnels) socket.destroy();
      return closeServer(server);
    },
  };
}

/** A mirror address where nothing listens: connections are refused. */
export async function refusingMirrorUrl(): Promise<string> {
  const server = createServer();
  const port = await listen(server);
  await closeServer(server);
  return `http://127.0.0.1:${port}/`;
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
