import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { compile as compileTrust } from '@fastify/proxy-addr';
import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import pino, { type Bindings, type ChildLoggerOptions } from 'pino';
import type { FrontStep } from './request-front.ts';

/** Ids that a proxy or a client may hand us: short, and nothing that could forge a log line or a header. */
const wellFormedId = /^[A-Za-z0-9._:-]{8,128}$/;

export type TrustProxy = FastifyServerOptions['trustProxy'];

/**
 * Whether the connection comes straight from a proxy that `trustProxy` trusts, by Fastify's reading of the setting:
 * a hop count cannot tell a proxy from a client, so it trusts nobody here, as Fastify does for addresses.
 */
function peerIsTrusted(trustProxy: TrustProxy): (request: IncomingMessage) => boolean {
  if (trustProxy === true) return () => true;
  if (trustProxy === undefined || trustProxy === false || typeof trustProxy === 'number') return () => false;
  const trust =
    typeof trustProxy === 'function'
      ? trustProxy
      : compileTrust(typeof trustProxy === 'string' ? trustProxy.split(',').map((part) => part.trim()) : trustProxy);
  return (request) => request.socket.remoteAddress !== undefined && trust(request.socket.remoteAddress, 0);
}

/** What a request id is made of, for a server that trusts proxies as `trustProxy` says. */
export type RequestIdFor = (request: IncomingMessage) => string;

/**
 * Keeps an incoming X-Request-Id that a trusted proxy passed on and that is well formed, so one id follows a request
 * through proxies; else a new one. A client's own id would let it put any id, a colliding one too, in our logs.
 */
export function requestIdGenerator(trustProxy: TrustProxy): RequestIdFor {
  const trusted = peerIsTrusted(trustProxy);
  return (request) => {
    const incoming = request.headers['x-request-id'];
    return typeof incoming === 'string' && wellFormedId.test(incoming) && trusted(request) ? incoming : randomUUID();
  };
}

export interface AccessLine {
  method: string;
  route: string | null;
  url: string;
  status: number;
  ms: number;
  bytes: number | null;
}

const { chindingsSym, streamSym, timeSym } = pino.symbols;
const infoLevel = pino.levels.values.info!;

/**
 * The access line exactly as pino writes it (level, time, the request logger's bindings with its id, the fields,
 * then the message), built with one template instead of pino's walk over the object's keys: this runs for every
 * request, and was the larger part of the access log's cost once its writes were batched.
 */
function writeAccessLine(log: pino.Logger, requestId: string, line: AccessLine): void {
  const logger = log as unknown as Record<symbol, unknown>;
  const time = (logger[timeSym] as () => string)();
  const bindings = `${logger[chindingsSym] as string},"reqId":${JSON.stringify(requestId)}`;
  const text =
    `{"level":${infoLevel}${time}${bindings},"method":${JSON.stringify(line.method)},` +
    `"route":${JSON.stringify(line.route)},"url":${JSON.stringify(line.url)},"status":${line.status},` +
    `"ms":${line.ms},"bytes":${line.bytes},"msg":"request"}\n`;
  (logger[streamSym] as { write(text: string): void }).write(text);
}

/** Writes the access line of a request through `log`, the logger the request's own would be made from. */
export function logAccess(log: FastifyBaseLogger, requestId: string, line: AccessLine): void {
  // Without a logger (logger: false) Fastify's stand-in has neither levels nor a stream.
  const logger = log as Partial<pino.Logger>;
  if (logger.isLevelEnabled?.('info')) writeAccessLine(logger as pino.Logger, requestId, line);
}

/** Paths whose next segment is a secret (an invitation's or a sign-in link's token), as the browser asks for them. */
const tokenPaths = /^(\/(?:api\/invitations|api\/auth\/sign-in-link|admin\/invitations|admin\/sign-in-link)\/)[^/?#]+/;

/**
 * Query parameters that are secrets: the newsletter's links (`/newsletter/confirm`, `/unsubscribe` and `/resubscribe`
 * take `token`), and `refused` on any page, which shows for an hour what was typed into a refused form.
 */
const newsletterToken = /^(\/newsletter\/[^?#]*\?(?:[^#]*&)?token=)[^&#]*/;
const refusedFormToken = /([?&]refused=)[^&#]*/;

/**
 * The URL as the access log writes it: a token that grants something (joining the team, signing in, confirming or
 * ending a subscription, reading a refused form) is replaced by `:token`, so that whoever reads the log cannot use it.
 * An invitation's id (DELETE /api/invitations/{id}) is no secret, and is kept.
 */
export function loggableUrl(url: string, route: string | null): string {
  if (route !== null && route.startsWith('/api/') && !route.includes(':token')) return url;
  return url.replace(tokenPaths, '$1:token').replace(newsletterToken, '$1:token').replace(refusedFormToken, '$1:token');
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
    const route = request.routeOptions.url ?? null;
    const line: AccessLine = {
      method: request.method,
      route,
      url: loggableUrl(request.url, route),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 100) / 100,
      bytes: length === undefined ? null : Number(length),
    };
    // An error here is the connection's (the client went away mid-answer): the handler's own errors are logged by
    // the error handler.
    if (error) request.log.warn({ ...line, err: error }, 'request cut short');
    else logAccess((request.log as RequestLogger).parent, request.id, line);
  }
}

type Forward = (...args: unknown[]) => void;

/**
 * A request's logger, made when something is first logged for the request: most requests log nothing but their
 * access line, which needs only the parent's bindings and the request id, so the child pino would make for every
 * request is made for few.
 */
class RequestLogger implements FastifyBaseLogger {
  #logger: FastifyBaseLogger | undefined;

  constructor(
    readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get logger(): FastifyBaseLogger {
    return (this.#logger ??= this.parent.child(this.bindings, this.options));
  }

  get level() {
    return this.logger.level;
  }

  set level(level) {
    this.logger.level = level;
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }

  fatal(...args: unknown[]) {
    (this.logger.fatal as Forward)(...args);
  }

  error(...args: unknown[]) {
    (this.logger.error as Forward)(...args);
  }

  warn(...args: unknown[]) {
    (this.logger.warn as Forward)(...args);
  }

  info(...args: unknown[]) {
    (this.logger.info as Forward)(...args);
  }

  debug(...args: unknown[]) {
    (this.logger.debug as Forward)(...args);
  }

  trace(...args: unknown[]) {
    (this.logger.trace as Forward)(...args);
  }

  silent(...args: unknown[]) {
    (this.logger.silent as Forward)(...args);
  }
}

const requestLogger = (parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) =>
  new RequestLogger(parent, bindings, options);

/** Fastify's options for request ids and the access log. */
export function requestLogOptions(requestIdFor: RequestIdFor) {
  return {
    genReqId: requestIdFor,
    requestIdHeader: false as const,
    logController: new AccessLog(),
    childLoggerFactory: requestLogger,
  };
}

/** Every answer carries X-Request-Id, for the user to quote and the operator to find in the log. */
export const tagRequestId: FrontStep = (request, reply) => {
  reply.header('x-request-id', request.id);
  return undefined;
};
