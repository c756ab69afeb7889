/**
 * How many requests the demo PBX received, by method and route (`GET /api/v1.0/queue/:queue_id`, the route's
 * pattern, so one queue's detail and another's count together; a path no route serves counts under its
 * path). Tests and benchmarks read the load a client puts on the PBX from it (`sim.requests`). Counted in the
 * request gate (requestGate.ts), by method and then route, so a routed request allocates nothing.
 */
import type { FastifyRequest } from 'fastify';

export class RequestCounts {
  private readonly byMethod = new Map<string, Map<string, number>>();

  count(request: FastifyRequest): void {
    const route = request.routeOptions.url ?? request.url.split('?')[0]!;
    let routes = this.byMethod.get(request.method);
    if (!routes) this.byMethod.set(request.method, (routes = new Map()));
    routes.set(route, (routes.get(route) ?? 0) + 1);
  }

  /** Requests received for `route` (`GET /api/v1.0/queues`) since the start or the last reset. */
  of(route: string): number {
    const space = route.indexOf(' ');
    return this.byMethod.get(route.slice(0, space))?.get(route.slice(space + 1)) ?? 0;
  }

  /** Every route's count, e.g. for a benchmark's table. */
  all(): ReadonlyMap<string, number> {
    const all = new Map<string, number>();
    for (const [method, routes] of this.byMethod) {
      for (const [route, count] of routes) all.set(`${method} ${route}`, count);
    }
    return all;
  }

  reset(): void {
    this.byMethod.clear();
  }
}
