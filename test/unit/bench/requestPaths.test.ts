import { describe, expect, it } from 'vitest';
import { requestsOf, routePattern } from '../../bench/support/requestPaths';

describe('counting the demo PBX requests of a team server by what they read', () => {
  it('names a route by its pattern: parameters as {id}, the API version kept', () => {
    expect(routePattern('GET /api/v1.0/queue/:queue_id')).toBe('GET /api/v1.0/queue/{id}');
    expect(routePattern('GET /api/v2.0/call/:uniqueid')).toBe('GET /api/v2.0/call/{id}');
    expect(routePattern('GET /api/v1.0/call/:uniqueid/permissions/username/:username')).toBe(
      'GET /api/v1.0/call/{id}/permissions/username/{id}',
    );
    expect(routePattern('GET /api/v1.0/crm/persons')).toBe('GET /api/v1.0/crm/persons');
  });

  it('counts the directory sync, the queues and the call polls apart, and nothing else as them', () => {
    const counts = {
      'GET /api/v1.0/crm/persons': 20,
      'GET /api/v1.0/crm/person/{id}': 100,
      'GET /api/v1.0/users': 1,
      'GET /api/v1.0/queues': 7,
      'GET /api/v1.0/queue/{id}': 3,
      'GET /api/v1.0/queues/agents': 2,
      'POST /api/v1.0/queues/agents': 5,
      'GET /api/v1.0/call': 50,
      'GET /api/v2.0/call/{id}': 9,
      'POST /_sim/calls/inbound': 4,
    };
    expect(requestsOf(counts, 'directory')).toBe(121);
    expect(requestsOf(counts, 'queues')).toBe(12);
    expect(requestsOf(counts, 'calls')).toBe(50);
  });
});
