/**
 * The Fastify instance and everything that is the same for every route: body parsers (JSON, form-encoded),
 * the body limit, the error and not-found handlers that answer with the envelope and never leak a stack,
 * and the request log (method, path, status, time; never a header or a secret) when there is a logger to
 * read it: without one no `onResponse` hook is added, so the request path formats no log line nobody reads.
 */
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import type { Logger } from '../../shared/logger';
import { redact } from '../../shared/redact';
import { HttpError } from './envelope';

/** Larger request bodies are refused with 413. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

const failure = (error: string) => ({ success: false, data: null, error });

/** The message a client sees for a framework error (the JSON parser's, the body limit's, …). */
function describeFrameworkError(error: FastifyError, contentType: string | undefined): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'malformed JSON body: the body is not valid JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return `request body too large: the limit is ${BODY_LIMIT_BYTES} bytes`;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return `unsupported content type ${contentType ?? '(none)'}: send application/json`;
    default:
      return error.message;
  }
}

export function createApp(logger: Logger, { logRequests }: { logRequests: boolean }): FastifyInstance {
  const app = Fastify({
    logger: false,
    bodyLimit: BODY_LIMIT_BYTES,
    // close() must not wait for idle keep-alive connections of clients.
    forceCloseConnections: true,
    return503OnClosing: true,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
  });

  // Only JSON and form bodies are read; anything else is a 415 rather than a string handed to a handler.
  app.removeAllContentTypeParsers();
  // JSON as Fastify parses it (prototype poisoning refused), except that an empty body is no body: clients
  // send `Content-Type: application/json` on DELETE and GET too.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') done(null, undefined);
    else parseJson(request, body as string, done);
  });
  // RFC 6749 clients post the token request form-encoded.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send(failure(error.message));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send(failure(describeFrameworkError(error, request.headers['content-type'])));
    }
    logger.error(`${request.method} ${redact(request.url)} failed`, redact(error));
    return reply.code(500).send(failure('internal server error'));
  });

  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send(failure(`no such endpoint: ${request.method} ${request.url.split('?')[0]}`)),
  );

  if (logRequests) installRequestLog(app, logger);
  return app;
}

function installRequestLog(app: FastifyInstance, logger: Logger): void {
  app.addHook('onResponse', (request, reply, done) => {
    // Only a query string can carry a secret (paths are ids); skip the redaction work when there is none.
    const url = request.url.includes('?') ? redact(request.url) : request.url;
    logger.info(`${request.method} ${url} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)}ms`);
    done();
  });
}
