import type { FastifyInstance } from 'fastify';

/** Starts `app` on a free loopback port, for tests with real HTTP or websocket clients; answers the port. */
export async function listenOnLoopback(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return address.port;
}
