import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumArgs, chromiumPath } from '../../tests/e2e/browser.ts';
import { atCpuTime, type TimedEvent } from './cpu-time-trace.ts';

/** The parts of a Lighthouse report the page benchmarks read. */
export interface LighthouseReport {
  categories: Record<string, { score: number }>;
  audits: Record<
    string,
    {
      numericValue: number;
      details: {
        items: { url: string; resourceType: string; duration: number; statusCode: number }[];
      };
    }
  >;
}

export interface LighthouseOptions {
  /** Blocks every script, to measure the page as the server sent it. */
  blockScripts?: boolean;
  /**
   * Audits the page's trace with each main-thread task lasting this many times its CPU time, not its wall time
   * (scripts/lib/cpu-time-trace.ts): figures a busy machine does not change.
   */
  cpuTime?: number;
}

/**
 * One Lighthouse run (mobile emulation, simulated throttling) in Debian's Chromium; a failed trace (NO_NAVSTART and
 * the like, when the machine is busy) is tried again, three times at most.
 */
export function runLighthouse(url: string, options: LighthouseOptions = {}, attempt = 1): LighthouseReport {
  const flags = [
    `--chrome-flags=--headless=new ${chromiumArgs.join(' ')}`,
    ...(options.blockScripts ? ['--blocked-url-patterns=*.js'] : []),
  ];
  const lighthouse = (args: string[]) =>
    execFileSync('npx', ['lighthouse', url, '--quiet', ...args], {
      env: { ...process.env, CHROME_PATH: chromiumPath },
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  const report = ['--output=json', '--output-path=stdout'];
  const artifacts = options.cpuTime ? mkdtempSync(join(tmpdir(), 'northbeam-lighthouse-')) : undefined;
  try {
    if (!artifacts || !options.cpuTime)
      return JSON.parse(lighthouse([...report, ...flags]).toString()) as LighthouseReport;
    // Gather (load the page, keep its trace), rewrite the trace at CPU time, then audit the rewritten trace.
    lighthouse([`-G=${artifacts}`, ...flags]);
    const traceFile = join(artifacts, 'defaultPass.trace.json');
    const trace = JSON.parse(readFileSync(traceFile, 'utf8')) as { traceEvents: TimedEvent[] };
    atCpuTime(trace.traceEvents, options.cpuTime);
    writeFileSync(traceFile, JSON.stringify(trace));
    return JSON.parse(lighthouse([`-A=${artifacts}`, ...report]).toString()) as LighthouseReport;
  } catch (error) {
    if (attempt >= 3) throw error;
    return runLighthouse(url, options, attempt + 1);
  } finally {
    if (artifacts) rmSync(artifacts, { recursive: true, force: true });
  }
}

/** Lighthouse's own version, for the table's caption. */
export function lighthouseVersion(): string {
  return execFileSync('npx', ['lighthouse', '--version']).toString().trim();
}
