/**
 * The limit of the browser host's WebSocket round trip: a bare Fastify app with @fastify/websocket (the
 * same server stack) on loopback that sends each message straight back. No sign-in, no dispatcher.
 */
import fastifyWebsocket from '@fastify/websocket';
import Fastify from 'fastify';

export async function startBareWebSocketEcho(): Promise<{ url: string; close(): Promise<void> }> {
  const app = Fastify();
  await app.register(fastifyWebsocket);
  app.get('/echo', { websocket: true }, (socket) => {
    socket.on('message', (data: Buffer, isBinary: boolean) => socket.send(data, { binary: isBinary }));
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `ws://127.0.0.1:${port}/echo`, close: () => app.close() };
}
