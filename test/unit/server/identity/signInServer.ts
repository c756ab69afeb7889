/**
 * A team server as far as sign-in goes, on 127.0.0.1: the identity file, the sign-in routes, and one route
 * of its own (`/whoami`) that names the agent of the request's session the way the server's other routes
 * will (`requireSession`).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { EnrollmentLinks } from '../../../../src-main/server/identity/enrollmentLinks';
import type { OidcSignIn } from '../../../../src-main/server/identity/oidcSignIn';
import { cookieSettingsFor, sessionReader } from '../../../../src-main/server/identity/sessionCookies';
import { signInRoutes, type SignInRateLimits } from '../../../../src-main/server/identity/signInRoutes';
import { identityFixture, type IdentityFixture } from './identityFixture';
import type { TestBrowser } from './testBrowser';

export interface SignInServer extends IdentityFixture {
  app: FastifyInstance;
  origin: string;
  enrollment: EnrollmentLinks;
  close(): Promise<void>;
}

export interface SignInServerOptions {
  /** Built once the server's origin (and so its callback URL) is known. */
  oidc?: (origin: string) => OidcSignIn;
  rateLimits?: Partial<SignInRateLimits>;
  /** Adds the test's own hooks and routes before the server is ready. */
  decorate?: (app: FastifyInstance) => void;
  /** Receives every line Fastify logs at info and above (its request lines included). */
  log?: string[];
}

export async function startSignInServer(options: SignInServerOptions = {}): Promise<SignInServer> {
  const fixture = identityFixture();
  const log = options.log;
  const app = Fastify({
    logger: log
      ? { level: 'info', stream: { write: (line: string) => void log.push(line) } }
      : { level: 'error' },
  });
  // The port is known once listening, and routes must be registered before: listen on a plain server first.
  await new Promise<void>((resolve) => app.server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const cookies = cookieSettingsFor(origin);
  const enrollment = new EnrollmentLinks({ ...fixture, serverOrigin: origin });
  await app.register(signInRoutes, {
    sessions: fixture.sessions,
    enrollment,
    oidc: options.oidc?.(origin),
    cookies,
    serverOrigin: origin,
    rateLimits: options.rateLimits,
    clock: fixture.clock,
  });
  const requireSession = sessionReader(fixture.sessions, cookies);
  app.get('/whoami', async (request, reply) => {
    const session = requireSession(request);
    return session
      ? { agent: session.agent, method: session.method, device: session.device }
      : reply.code(401).send({});
  });
  options.decorate?.(app);
  await app.ready();
  return {
    ...fixture,
    app,
    origin,
    enrollment,
    async close() {
      await app.close();
      app.server.closeAllConnections();
      if (app.server.listening) await new Promise((resolve) => app.server.close(resolve));
      fixture.dispose();
    },
  };
}

/** Who `browser`'s session at `server` is (the `/whoami` route's answer), or the HTTP status without one. */
export async function whoami(
  server: Pick<SignInServer, 'origin'>,
  browser: TestBrowser,
): Promise<{ agent: string; method: string; device: string } | number> {
  const { response, text } = await browser.request(new URL('/whoami', server.origin));
  return response.status === 200
    ? (JSON.parse(text) as { agent: string; method: string; device: string })
    : response.status;
}
