import { STATUS_CODES } from 'node:http';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaValidationError,
} from 'fastify';

export interface ErrorDetail {
  /** JSON Pointer to the field, e.g. /summary. */
  path: string;
  message: string;
}

export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  details: ErrorDetail[];
  /** On a 5xx: the id of the request in the server's log, for the user to quote. */
  requestId?: string;
}

/** An error meant for the client: its status, message, details and headers are sent as they are. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details: ErrorDetail[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export function errorBody(statusCode: number, message: string, details: ErrorDetail[] = []): ErrorBody {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message, details };
}

/**
 * The schemas' rules against control characters, said in words rather than as their pattern: one for a line of text,
 * one for text that may have tabs and line breaks.
 */
const controlCharacterRules: Record<string, string> = {
  '^[^\\u0000-\\u001F\\u007F]*$': 'must be one line of text, without control characters (such as U+000B)',
  '^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F]*$':
    'must not contain control characters (such as U+000B) other than tabs and line breaks',
};

function detailMessage(error: FastifySchemaValidationError): string {
  const { additionalProperty, pattern } = error.params as Record<string, string | undefined>;
  if (additionalProperty !== undefined) return 'is not an accepted field';
  return (pattern === undefined ? undefined : controlCharacterRules[pattern]) ?? error.message ?? 'is invalid';
}

/** One detail per field, naming it, rather than ajv's list of every failed branch. */
export function validationDetails(errors: FastifySchemaValidationError[]): ErrorDetail[] {
  const details = new Map<string, string>();
  for (const error of errors) {
    const { missingProperty, additionalProperty } = error.params as Record<string, string | undefined>;
    const field = missingProperty ?? additionalProperty;
    const path = field === undefined ? error.instancePath || '/' : `${error.instancePath}/${field}`;
    const message = detailMessage(error);
    if (!details.has(path)) details.set(path, message);
  }
  return [...details].map(([path, message]) => ({ path, message }));
}

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && 'statusCode' in error;
}

function handleError(this: FastifyInstance, error: unknown, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) {
    return reply
      .code(error.statusCode)
      .headers(error.headers)
      .send(errorBody(error.statusCode, error.message, error.details));
  }
  if (isFastifyError(error) && error.validation) {
    return reply.code(400).send(errorBody(400, error.message, validationDetails(error.validation)));
  }
  const statusCode = isFastifyError(error) ? (error.statusCode ?? 500) : 500;
  if (statusCode >= 400 && statusCode < 500) {
    return reply.code(statusCode).send(errorBody(statusCode, (error as Error).message));
  }
  // A 5xx message can reveal internals: log it, tell the client only that it was our fault.
  request.log.error({ err: error }, 'request failed');
  const message = `Something went wrong on our side. Please try again later, and quote ${request.id} if you report it.`;
  return reply.code(500).send({ ...errorBody(500, message), requestId: request.id });
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(handleError);
}
