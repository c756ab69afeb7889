/**
 * The call endpoints as Fastify plugins, each taking its prefix from registration: the version-1 API
 * (`/api/v1.0`), the version-2 call detail (`/api/v2.0`) and the simulator's control interface (`/_sim`).
 * Requests are validated with the api/ schemas; every answer is the envelope.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  CallDetailQuery,
  CallDetailV2Query,
  CallMetadata,
  ControlCallRequest,
  Id,
  PhoneSelector,
  PlaceCallRequest,
  UniqueId,
} from '../../api/schemas';
import { badRequest, businessError, HttpError, notFound, ok } from '../http/envelope';
import { formatPath, parseId, parseOr400, requireObject } from '../http/validation';
import type { CallEngine } from './engine';
import { CallError } from './errors';

export interface CallRoutesOptions {
  engine: CallEngine;
}

/** GET /call may carry its selector in a body, which Fastify does not parse for GET; this caps it. */
const GET_BODY_LIMIT_BYTES = 16 * 1024;

const [SelectorByIdentifier, SelectorByExtension] = PhoneSelector.options;
const SELECTOR_KEYS = ['identifier', 'extension', 'partition'] as const;

/** The engine's refusals as the API answers them: 400, 404, or a business error at HTTP 200. */
function settle<T>(produce: () => T) {
  try {
    return ok(produce());
  } catch (error) {
    if (!(error instanceof CallError)) throw error;
    if (error.kind === 'business') return businessError(error.message);
    throw error.kind === 'not-found' ? notFound(error.message) : badRequest(error.message);
  }
}

/**
 * The phone selector of a request, with messages that say what is wrong with it: either `identifier`, or
 * `extension` with an optional `partition` (default 1). `prefix` names where it sits (`to.` in /_sim).
 */
export function parseSelector(source: unknown, prefix = ''): PhoneSelector {
  const where = prefix ? prefix.slice(0, -1) : 'body';
  const object = requireObject(source, where);
  const has = (key: string) => object[key] !== undefined;
  if (has('identifier') && (has('extension') || has('partition'))) {
    throw badRequest(
      `${prefix}identifier: give either identifier, or extension with an optional partition, not both`,
    );
  }
  if (!has('identifier') && !has('extension')) {
    throw badRequest(
      `${prefix}identifier: required to select the phone (or extension with an optional partition)`,
    );
  }
  const picked = Object.fromEntries(SELECTOR_KEYS.filter(has).map((key) => [key, object[key]]));
  const result = (has('identifier') ? SelectorByIdentifier : SelectorByExtension).safeParse(picked);
  if (!result.success) {
    const messages = result.error.issues.map(
      (issue) => `${prefix}${formatPath(issue.path)}: ${issue.message}`,
    );
    throw badRequest(messages.join('; '));
  }
  return result.data;
}

/** Query strings carry only text: `partition=2` is read as the number it stands for. */
function selectorFromQuery(query: Record<string, unknown>): PhoneSelector {
  const { partition } = query;
  if (partition === undefined) return parseSelector(query);
  if (typeof partition !== 'string' || !/^\d{1,9}$/.test(partition)) {
    throw badRequest('partition: must be a positive integer');
  }
  return parseSelector({ ...query, partition: Number(partition) });
}

/** Reads the JSON body of a GET request (or nothing), within a size limit. */
async function readGetBody(request: FastifyRequest): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request.raw) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > GET_BODY_LIMIT_BYTES)
      throw new HttpError(413, `body: larger than ${GET_BODY_LIMIT_BYTES} bytes`);
    chunks.push(buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest('body: not valid JSON');
  }
}

const queryObject = (request: FastifyRequest) => (request.query ?? {}) as Record<string, unknown>;
const params = (request: FastifyRequest) => request.params as Record<string, string | undefined>;
const uniqueIdOf = (request: FastifyRequest) => parseOr400(UniqueId, params(request).uniqueid, 'uniqueid');

function nonEmptyParam(request: FastifyRequest, name: string): string {
  const value = params(request)[name];
  if (!value) throw badRequest(`${name}: must not be empty`);
  return value;
}

/** The version-1 API: call control, call records, permissions and metadata. */
export const callApiRoutes: FastifyPluginAsync<CallRoutesOptions> = async (app, { engine }) => {
  app.get('/call', async (request) => {
    const query = queryObject(request);
    const inQuery = SELECTOR_KEYS.some((key) => query[key] !== undefined);
    const selector = inQuery ? selectorFromQuery(query) : parseSelector((await readGetBody(request)) ?? {});
    return settle(() => engine.listCalls(selector));
  });

  app.post('/call', async (request) => {
    parseSelector(request.body);
    const body = parseOr400(PlaceCallRequest, request.body);
    return settle(() => engine.placeCall(body));
  });

  app.patch('/call', async (request) => {
    const selector = parseSelector(request.body);
    const { state } = parseOr400(ControlCallRequest, request.body);
    return settle(() => engine.controlCall(selector, state));
  });

  app.delete('/call', async (request) => {
    const selector = parseSelector(request.body);
    return settle(() => engine.hangUp(selector));
  });

  app.get('/call/:uniqueid', async (request) => {
    const uniqueid = uniqueIdOf(request);
    const query = parseOr400(CallDetailQuery, queryObject(request), 'query');
    return settle(() =>
      engine.recordV1(uniqueid, {
        path: (query.path ?? '1') === '1',
        queue: query.queue === '1',
        resolveTags: query.resolve_tags === '1',
      }),
    );
  });

  app.get('/call/:uniqueid/permissions/:userId', async (request) => {
    const uniqueid = uniqueIdOf(request);
    const id = parseId(params(request).userId, 'user_id');
    return settle(() => engine.permissions(uniqueid, { id }));
  });

  app.get('/call/:uniqueid/permissions/external/:externalId', async (request) => {
    const uniqueid = uniqueIdOf(request);
    const externalId = nonEmptyParam(request, 'externalId');
    return settle(() => engine.permissions(uniqueid, { externalId }));
  });

  app.get('/call/:uniqueid/permissions/username/:username', async (request) => {
    const uniqueid = uniqueIdOf(request);
    const username = nonEmptyParam(request, 'username');
    return settle(() => engine.permissions(uniqueid, { username }));
  });

  app.get('/metadata/:uniqueid', async (request) => {
    const uniqueid = uniqueIdOf(request);
    return settle(() => engine.metadata(uniqueid));
  });

  app.post('/metadata/:uniqueid', async (request) => {
    const uniqueid = uniqueIdOf(request);
    const update = parseOr400(CallMetadata, requireObject(request.body));
    return settle(() => engine.updateMetadata(uniqueid, update));
  });
};

/** The version-2 (beta) call detail at `{auth_url}/api/v2.0/call/{uniqueid}`. */
export const callApiV2Routes: FastifyPluginAsync<CallRoutesOptions> = async (app, { engine }) => {
  app.get('/call/:uniqueid', async (request) => {
    const uniqueid = uniqueIdOf(request);
    const query = parseOr400(CallDetailV2Query, queryObject(request), 'query');
    return settle(() => engine.recordV2(uniqueid, { path: (query.path ?? '1') === '1' }));
  });
};

const SimInboundRequest = z.object({
  to: z.unknown(),
  from: z.string().trim().min(1, 'from must not be empty').max(64, 'from is too long').optional(),
  queue_id: Id.optional(),
  data: z.record(z.string(), z.unknown()).optional(),
});

/** The control interface for tests and the demo: inbound calls, and the remote party answering or hanging up. */
export const callSimRoutes: FastifyPluginAsync<CallRoutesOptions> = async (app, { engine }) => {
  app.post('/calls/inbound', async (request) => {
    const body = parseOr400(SimInboundRequest, requireObject(request.body));
    const to = parseSelector(body.to ?? {}, 'to.');
    return settle(() => ({
      uniqueid: engine.startInboundCall({
        to,
        ...(body.from === undefined ? {} : { from: body.from }),
        ...(body.queue_id === undefined ? {} : { queueId: body.queue_id }),
        ...(body.data === undefined ? {} : { data: body.data }),
      }),
    }));
  });

  app.post('/calls/:uniqueid/answer', async (request) => {
    const uniqueid = uniqueIdOf(request);
    return settle(() => engine.remoteAnswer(uniqueid));
  });

  app.post('/calls/:uniqueid/hangup', async (request) => {
    const uniqueid = uniqueIdOf(request);
    return settle(() => engine.remoteHangUp(uniqueid));
  });

  app.post('/calls/:uniqueid/taken', async (request) => {
    const uniqueid = uniqueIdOf(request);
    return settle(() => engine.takenByColleague(uniqueid));
  });
};

export interface CallRoutePrefixes {
  v1: string;
  v2: string;
  sim: string;
}

export const DEFAULT_CALL_ROUTE_PREFIXES: CallRoutePrefixes = {
  v1: '/api/v1.0',
  v2: '/api/v2.0',
  sim: '/_sim',
};

/** Registers the three call plugins under their prefixes (defaults: /api/v1.0, /api/v2.0, /_sim). */
export async function registerCallRoutes(
  app: FastifyInstance,
  context: CallRoutesOptions & { prefixes?: Partial<CallRoutePrefixes> },
): Promise<void> {
  const prefixes = { ...DEFAULT_CALL_ROUTE_PREFIXES, ...context.prefixes };
  await app.register(callApiRoutes, { prefix: prefixes.v1, engine: context.engine });
  await app.register(callApiV2Routes, { prefix: prefixes.v2, engine: context.engine });
  await app.register(callSimRoutes, { prefix: prefixes.sim, engine: context.engine });
}
