import type { FastifyInstance, FastifySchema, preParsingHookHandler, preValidationHookHandler } from 'fastify';
import { HttpError } from './errors.ts';
import type { FrontStep } from './request-front.ts';

interface Step {
  key: string;
  parent: Step | undefined;
}

function pointer(step: Step | undefined): string {
  const keys: string[] = [];
  for (let at = step; at !== undefined; at = at.parent) keys.push(at.key.replaceAll('~', '~0').replaceAll('/', '~1'));
  return keys.length === 0 ? '/' : `/${keys.reverse().join('/')}`;
}

/**
 * JSON Pointer to the first field (or key) holding a NUL character. Iterative, with each path made only when found:
 * a 1 MiB body can nest deeper than the call stack reaches.
 */
function fieldWithNul(body: unknown): string | undefined {
  const pending: [unknown, Step | undefined][] = [[body, undefined]];
  while (pending.length > 0) {
    const [value, step] = pending.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\0')) return pointer(step);
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes('\0')) return pointer({ key, parent: step });
        pending.push([item, { key, parent: step }]);
      }
    }
  }
  return undefined;
}

/**
 * Input that the rest of the server cannot take, dealt with before routing, the same on both databases:
 * - request targets that are no path (400), such as `*` or `ftp://x/y`, which a page's URL cannot be made of;
 * - NUL characters (400): PostgreSQL text cannot hold U+0000, and no address or field of ours needs one;
 * - paths starting with `//` (301 to the path with one slash): URL parsers read `//evil.example/x` as another
 *   host's address, which the page renderer would otherwise fail on or misread.
 */
export const screenAddress: FrontStep = (request, reply) => {
  const { url } = request;
  // What originForm left as it was: `*`, `*/about`, `ftp://x/y`. No resource of ours has such a name.
  if (!url.startsWith('/')) {
    return new HttpError(
      400,
      'The request target must be a path starting with "/" (or an absolute http or https address): this server ' +
        'has no resource named otherwise.',
    );
  }
  if (url.includes('%00')) return new HttpError(400, 'The address must not contain a NUL character (%00).');
  if (url.startsWith('//')) {
    reply.redirect(url.replace(/^\/+/, '/'), 301);
    return 'answered';
  }
  return undefined;
};

const screenBody: preValidationHookHandler = (request, _reply, done) => {
  const path = fieldWithNul(request.body);
  const message = 'must not contain NUL characters (\\u0000)';
  done(path === undefined ? undefined : new HttpError(400, `Text ${message}.`, [{ path, message }]));
};

/**
 * The media types a route takes a body as: those its schema's `consumes` names (as the OpenAPI document says them),
 * else JSON for a route with a body schema; undefined for a route that takes no body.
 */
function acceptedTypes(schema: FastifySchema | undefined): string[] | undefined {
  const declared = (schema as { consumes?: unknown } | undefined)?.consumes;
  if (Array.isArray(declared)) return declared.map((type) => String(type).toLowerCase());
  return schema?.body === undefined ? undefined : ['application/json'];
}

const inWords = (types: string[]): string =>
  types.length === 1 ? types[0]! : `${types.slice(0, -1).join(', ')} or ${types.at(-1)!}`;

/**
 * 415 for a body of any other type than the route takes, before it is parsed: a parser of the app (JSON's, for every
 * route) must not make a route take what it never declared, such as JSON for a CSV import.
 */
function screenType(accepted: string[]): preParsingHookHandler {
  return (request, _reply, payload, done) => {
    const header = request.headers['content-type'];
    const type = header?.split(';')[0]!.trim().toLowerCase();
    if (type === undefined || accepted.includes(type)) return done(null, payload);
    done(
      new HttpError(
        415,
        `This address takes a body of type ${inWords(accepted)}, not ${type || 'an empty Content-Type'}: send it as ` +
          `${accepted.length === 1 ? 'that' : 'one of those'}, with the matching Content-Type header.`,
      ),
    );
  };
}

/**
 * Screens the bodies of the routes registered after it: their type against what each route declares it takes, and
 * their text for NUL characters. GET and HEAD have none, so they skip the hooks.
 */
export function registerBodyScreening(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (methods.every((method) => method === 'GET' || method === 'HEAD')) return;
    route.preValidation = [screenBody, ...[route.preValidation ?? []].flat()];
    const accepted = acceptedTypes(route.schema);
    if (accepted !== undefined) route.preParsing = [screenType(accepted), ...[route.preParsing ?? []].flat()];
  });
}
