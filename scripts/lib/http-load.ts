import { readFileSync } from 'node:fs';
import autocannon, { type Request } from 'autocannon';

export interface LoadSettings {
  connections: number;
  /** Seconds of each measured run. */
  duration: number;
  /** A run that answers fewer requests than this in `duration` is measured again over this many requests. */
  minimumRequests: number;
  /**
   * Requests answered before each measured run: 5 per connection unless set. A server just started runs its code
   * unoptimised for its first thousands of requests and compiles it meanwhile; a long warm-up measures it compiled.
   */
  warmUpRequests?: number;
  /**
   * Processes (the servers compared) to wait for at rest before the measured run: work a server goes on with after
   * its own turn (collecting the garbage of a thousand renders) would otherwise run beside the next one's, and count
   * against it.
   */
  atRest?: number[];
}

export interface LoadTarget {
  /** The server's process, whose CPU time is read. */
  pid: number;
  base: string;
  /** The path of the next request: a new one for every request when answers must not come from a cache. */
  nextPath: () => string;
  headers?: Record<string, string>;
  /** Redirects (3xx) are the expected answers rather than 2xx. */
  redirects?: boolean;
}

export interface Measurement {
  requestsPerSecond: number;
  p99: number;
  /** CPU time the server process spent per request: unlike req/s, hardly swayed by other work on the machine. */
  cpuMicroseconds: number;
  /** Requests answered in the measured run. */
  requests: number;
}

/** CPU time (user + system) a process has used so far, in microseconds, from Linux's /proc (clock ticks of 10 ms). */
function cpuTimeOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

function run(target: LoadTarget, connections: number, bound: { duration: number } | { amount: number }) {
  const request: Request = { method: 'GET', setupRequest: (defaults) => ({ ...defaults, path: target.nextPath() }) };
  // A slow answer is a figure to report, not an error: allow a minute.
  return autocannon({
    url: target.base,
    headers: target.headers,
    connections,
    requests: [request],
    timeout: 60,
    ...bound,
  });
}

/**
 * Requests/s, p99 and CPU per request of one kind of request. The warm-up is a fixed number of requests, all of them
 * answered, and a run bound in time is followed by one more request, so that no earlier request is still being served
 * when a run starts: before, requests left over from the warm-up of a slow search filled the whole measured window
 * and it recorded none. A run that answers fewer than `minimumRequests` is measured again over that many requests,
 * however long they take, so that every scenario has figures.
 */
export async function measure(target: LoadTarget, settings: LoadSettings): Promise<Measurement> {
  const { connections, duration, minimumRequests, warmUpRequests = connections * 5 } = settings;
  await run(target, connections, { amount: warmUpRequests });
  if (settings.atRest) await untilAtRest(settings.atRest);
  let cpuBefore = cpuTimeOf(target.pid);
  let result = await run(target, connections, { duration });
  if (result.requests.total < minimumRequests) {
    await fetch(`${target.base}/healthz`);
    cpuBefore = cpuTimeOf(target.pid);
    result = await run(target, connections, { amount: minimumRequests });
  }
  const cpuMicroseconds = (cpuTimeOf(target.pid) - cpuBefore) / result.requests.total;
  await fetch(`${target.base}/healthz`);
  const unexpected = target.redirects ? result.non2xx - result['3xx'] + result['2xx'] : result.non2xx;
  if (unexpected > 0 || result.errors > 0 || result.requests.total === 0) {
    throw new Error(
      `${target.base}${target.nextPath()}: ${result.requests.total} answered, ${unexpected} unexpected statuses, ` +
        `${result.errors} errors (${result.timeouts} timeouts)`,
    );
  }
  return {
    requestsPerSecond: result.requests.total / result.duration,
    p99: result.latency.p99,
    cpuMicroseconds,
    requests: result.requests.total,
  };
}

/** Waits until none of `pids` used more than a clock tick of CPU (10 ms) in 200 ms, or 10 s have passed. */
async function untilAtRest(pids: number[]): Promise<void> {
  const deadline = Date.now() + 10_000;
  let before = pids.map(cpuTimeOf);
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const now = pids.map(cpuTimeOf);
    if (now.every((time, index) => time - before[index]! <= 10_000)) return;
    before = now;
  }
}

export function median(measurements: Measurement[]): Measurement {
  const sorted = [...measurements].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const cacheMissMarks = ['.', ',', '!', '~'];

/**
 * Trailing punctuation that makes the n-th request's text unique. Search reads only letters and digits, so the
 * search is the same, but the server's caches of answers and pages (keyed by the address) never hold it.
 */
export function uniqueSuffix(n: number): string {
  let suffix = '';
  for (let rest = n; rest > 0; rest = Math.floor(rest / cacheMissMarks.length)) {
    suffix += cacheMissMarks[rest % cacheMissMarks.length];
  }
  return suffix;
}
