import { execFileSync } from 'node:child_process';
import { chromiumArgs, chromiumPath } from '../../tests/e2e/browser.ts';

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
  try {
    const output = execFileSync(
      'npx',
      ['lighthouse', url, '--quiet', '--output=json', '--output-path=stdout', ...flags],
      {
        env: { ...process.env, CHROME_PATH: chromiumPath },
        maxBuffer: 64 * 1024 * 1024,
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    );
    return JSON.parse(output.toString()) as LighthouseReport;
  } catch (error) {
    if (attempt >= 3) throw error;
    return runLighthouse(url, options, attempt + 1);
  }
}

/** Lighthouse's own version, for the table's caption. */
export function lighthouseVersion(): string {
  return execFileSync('npx', ['lighthouse', '--version']).toString().trim();
}
