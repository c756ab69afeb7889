/**
 * How many requests the demo PBX answered, by method and route (`GET /api/v1.0/queue/:queue_id`, the route's
 * pattern, so one queue's detail and another's count together; a path no route serves counts under its
 * path). Tests and benchmarks read the load a client puts on the PBX from it (`sim.requests`).
 */
import type { FastifyInstance } from 'fastify';

export class RequestCounts {
  private readonly counts = new Map<string, number>();

  /** Counts every answered request of `app` from now on. */
  install(app: FastifyInstance): void {
    app.addHook('onResponse', (request, _reply, done) => {
      const route = request.routeOptions.url ?? request.url.split('?')[0]!;
      const key = `${request.method} ${route}`;
      this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
      done();
    });
  }

  /** Requests answered for `route` (`GET /api/v1.0/queues`) since the start or the last reset. */
  of(route: string): number {
    return this.counts.get(route) ?? 0;
  }

  /** Every route's count, e.g. for a benchmark's table. */
  all(): ReadonlyMap<string, number> {
    return new Map(this.counts);
  }

  reset(): void {
    this.counts.clear();
  }
}
