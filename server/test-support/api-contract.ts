import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

interface OpenApiResponse {
  description?: string;
  content?: Record<string, { schema?: object }>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, { responses?: Record<string, OpenApiResponse> }>>;
  components?: object;
}

/** The path the server sees: inject resolves dot segments as a browser would (/a/b/.. is /a). */
function requestPath(url: string): string {
  try {
    return new URL(url, 'http://localhost').pathname;
  } catch {
    return url.split(/[?#]/, 1)[0]!;
  }
}

/** The body as the client reads it, after undoing its content encoding. */
function decodedBody(response: LightMyRequestResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString('utf8');
  return response.body;
}

/** The operation of the document that a request reaches, if the document has one. */
function findOperation(doc: OpenApiDocument, method: string, path: string) {
  const candidates = Object.keys(doc.paths)
    .filter((template) => new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path))
    // A literal segment wins over a parameter: /api/blogs/slug/{slug} before /api/blogs/{id}.
    .sort((a, b) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0));
  for (const template of candidates) {
    const operation = doc.paths[template]?.[method === 'head' ? 'get' : method];
    if (operation) return { template, operation };
  }
  return undefined;
}

const contracts = new Map<string, ApiContract>();

/** The routes of each app whose registration was recorded (see `recordRoutes`), with their schemas as JSON. */
const recordedRoutes = new WeakMap<FastifyInstance, string[]>();

/**
 * Records every route `app` registers from now on, with its schema as the app's own onRoute hooks left it, so that
 * `ApiContract.of` can tell two apps' documents apart by their routes instead of generating each document: the
 * swagger plugin's resolving of every reference cost as much CPU as building the app. Add it before the app's routes
 * (a test app's `hooksForTests`); what the document holds besides the routes (the shared schemas of schemas/, the
 * swagger options, the health route registered before the hooks) is the code's, the same for every app of a process.
 */
export function recordRoutes(app: FastifyInstance): void {
  const routes: string[] = [];
  recordedRoutes.set(app, routes);
  app.addHook('onRoute', (route) => {
    routes.push(`${String(route.method)} ${route.url} ${JSON.stringify(route.schema ?? null)}`);
  });
}

/**
 * Checks answers against the OpenAPI document the app serves at /api/openapi.json: the status must be one the
 * route declares, and the body must match that status's schema. Works for any route with response schemas.
 */
export class ApiContract {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly validators = new Map<string, ValidateFunction>();
  readonly checked = new Set<string>();

  constructor(private readonly doc: OpenApiDocument) {
    addFormats.default(this.ajv);
  }

  /**
   * The contract of the document `app` serves: one per distinct document in a worker, so that each answer's schema is
   * compiled once for every app of every test file that gets the same document, not again for each test's app. An
   * app whose routes were recorded is known by them, and its document is generated only when no app of the process
   * registered the same routes before; any other app by its document.
   */
  static of(app: FastifyInstance): ApiContract {
    const routes = recordedRoutes.get(app);
    const generated = () => app.swagger() as unknown as OpenApiDocument;
    let doc: OpenApiDocument | undefined;
    const key = routes ? `routes:${routes.join('\n')}` : `document:${JSON.stringify((doc = generated()))}`;
    let contract = contracts.get(key);
    if (!contract) {
      contract = new ApiContract(doc ?? generated());
      contracts.set(key, contract);
    }
    return contract;
  }

  /** A sentence naming what breaks the contract, or undefined when the answer keeps it or the URL is no API route. */
  violation(method: string, url: string, response: LightMyRequestResponse): string | undefined {
    const path = requestPath(url);
    const found = findOperation(this.doc, method.toLowerCase(), path);
    if (!found) return undefined;
    const where = `${method.toUpperCase()} ${found.template}`;
    const status = String(response.statusCode);
    const declared = found.operation.responses?.[status] ?? found.operation.responses?.default;
    if (!declared) return `${where} answered ${status}, which its OpenAPI responses do not declare`;
    this.checked.add(`${where} ${status}`);
    const contentType = String(response.headers['content-type'] ?? '').split(';', 1)[0]!;
    // A route that answers a browser's plain form post with a page declares text/html beside its JSON.
    if (contentType === 'text/html' && declared.content?.['text/html']) return undefined;
    const schema = declared.content?.['application/json']?.schema;
    if (method.toUpperCase() === 'HEAD') return undefined;
    const text = decodedBody(response);
    const otherTypes = Object.keys(declared.content ?? {}).filter((type) => type !== 'application/json');
    if (!schema && otherTypes.length > 0) {
      const sent = String(response.headers['content-type'] ?? '')
        .split(';', 1)[0]!
        .trim();
      return otherTypes.includes(sent) ? undefined : `${where} ${status} sent ${sent}, not ${otherTypes.join(' or ')}`;
    }
    if (!schema) return text === '' ? undefined : `${where} ${status} declares no body but sent one`;
    const key = `${where} ${status}`;
    let validate = this.validators.get(key);
    if (!validate) {
      // The document's components travel with the schema, so its #/components/schemas/… references resolve.
      validate = this.ajv.compile({ ...schema, components: this.doc.components });
      this.validators.set(key, validate);
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return `${where} ${status} sent a body that is not JSON: ${text.slice(0, 80)}`;
    }
    if (validate(body)) return undefined;
    const errors = (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message}`);
    return `${where} ${status} does not match its OpenAPI schema: ${errors.join('; ')}`;
  }
}

/** Makes every app.inject(options) of a test check its answer against the app's OpenAPI document. */
export function checkAnswersAgainstContract(app: FastifyInstance): void {
  const original = app.inject.bind(app) as (...args: unknown[]) => unknown;
  const inject = original as (options: InjectOptions | string) => Promise<LightMyRequestResponse>;
  let contract: ApiContract | undefined;
  const checked = async (options: InjectOptions | string) => {
    const response = await inject(options);
    const request = typeof options === 'string' ? { url: options } : options;
    const url = typeof request.url === 'string' ? request.url : (request.path as string | undefined);
    if (url === undefined) return response;
    contract ??= ApiContract.of(app);
    const problem = contract.violation(request.method ?? 'GET', url, response);
    if (problem) throw new Error(`The answer to ${request.method ?? 'GET'} ${url} breaks the API contract: ${problem}`);
    return response;
  };
  (app as { inject: unknown }).inject = (options?: InjectOptions | string, callback?: unknown) =>
    options === undefined || callback !== undefined ? original(options, callback) : checked(options);
}
