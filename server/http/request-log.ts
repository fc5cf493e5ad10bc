import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';

/** Ids that a proxy or a client may hand us: short, and nothing that could forge a log line or a header. */
const wellFormedId = /^[A-Za-z0-9._:-]{8,128}$/;

/** Keeps an incoming X-Request-Id that is well formed, so one id follows a request through proxies; else a new one. */
export function requestIdFor(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && wellFormedId.test(incoming) ? incoming : randomUUID();
}

/**
 * One access line per request, when its answer has been sent, instead of Fastify's two: method, route (the pattern,
 * so that lines group), address, status, duration in milliseconds, bytes sent, and the id (the logger's binding).
 */
class AccessLog extends LogController {
  constructor() {
    super({ requestIdLogLabel: 'reqId' });
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const length = reply.getHeader('content-length');
    const line = {
      method: request.method,
      route: request.routeOptions.url ?? null,
      url: request.url,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 100) / 100,
      bytes: length === undefined ? null : Number(length),
    };
    // An error here is the connection's (the client went away mid-answer): the handler's own errors are logged by
    // the error handler.
    if (error) request.log.warn({ ...line, err: error }, 'request cut short');
    else request.log.info(line, 'request');
  }
}

/** Fastify's options for request ids and the access log. */
export function requestLogOptions() {
  return { genReqId: requestIdFor, requestIdHeader: false as const, logController: new AccessLog() };
}

/** Every answer carries X-Request-Id, for the user to quote and the operator to find in the log. */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
}
