/**
 * A git remote over HTTP for tests: `git http-backend` (git's own smart-HTTP CGI) behind Basic authentication, with
 * a switch that makes it answer 503, as a remote that is down does.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GitHttpServer {
  /** The base URL, without credentials: a repository `name.git` under `root` is `${url}/name.git`. */
  url: string;
  /** While true, every request is answered 503. */
  down: boolean;
  close(): Promise<void>;
}

/** Answers a request through `git http-backend` run as a CGI program. */
async function backend(root: string, user: string, request: IncomingMessage, response: ServerResponse) {
  const address = new URL(request.url ?? '/', 'http://localhost');
  const header = (name: string) => String(request.headers[name] ?? '');
  const child = spawn('git', ['http-backend'], {
    env: {
      PATH: process.env.PATH,
      GIT_PROJECT_ROOT: root,
      GIT_HTTP_EXPORT_ALL: '1',
      REMOTE_USER: user,
      REMOTE_ADDR: '127.0.0.1',
      REQUEST_METHOD: request.method ?? 'GET',
      PATH_INFO: decodeURIComponent(address.pathname),
      QUERY_STRING: address.search.slice(1),
      CONTENT_TYPE: header('content-type'),
      HTTP_CONTENT_ENCODING: header('content-encoding'),
      GIT_PROTOCOL: header('git-protocol'),
      ...(request.headers['content-length'] ? { CONTENT_LENGTH: header('content-length') } : {}),
    },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  request.pipe(child.stdin);
  const chunks: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  await once(child, 'close');
  const output = Buffer.concat(chunks);
  const end = output.indexOf('\r\n\r\n');
  const head = output.subarray(0, end).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  let status = 200;
  for (const line of head) {
    const [name = '', ...rest] = line.split(':');
    const value = rest.join(':').trim();
    if (name.toLowerCase() === 'status') status = Number.parseInt(value, 10);
    else if (name !== '') headers[name] = value;
  }
  response.writeHead(status, headers);
  response.end(output.subarray(end + 4));
}

/** Serves the bare repositories under `root` to `user` with `password`, on a free port of 127.0.0.1. */
export async function startGitHttpServer(root: string, user: string, password: string): Promise<GitHttpServer> {
  const expected = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  const state: Pick<GitHttpServer, 'down'> = { down: false };
  const server = createServer((request, response) => {
    if (state.down) return response.writeHead(503).end('The remote is down for maintenance.');
    const given = request.headers.authorization;
    if (given !== expected) {
      return response.writeHead(401, { 'www-authenticate': 'Basic realm="content"' }).end('Sign in.');
    }
    backend(root, user, request, response).catch((error: unknown) => response.writeHead(500).end(String(error)));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
