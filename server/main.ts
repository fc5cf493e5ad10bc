import { join } from 'node:path';
import { buildApp } from './app.ts';
import { bufferedStandardOutput } from './http/log-output.ts';
import { loggerOptions, writesJson } from './http/logger-options.ts';
import { repositoryRoot } from './repository-root.ts';

function portFrom(value: string | undefined): number {
  const port = Number(value ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, not "${value}"`);
  return port;
}

/** TRUST_PROXY: true (trust any proxy), or the proxies' addresses as comma-separated addresses or CIDR ranges. */
function trustProxyFrom(value: string | undefined): boolean | string {
  if (value === undefined || value === '' || value === 'false') return false;
  return value === 'true' ? true : value;
}

function secondsFrom(name: string, value: string): number {
  const seconds = Number(value);
  if (!Number.isInteger(seconds) || seconds < 1)
    throw new Error(`${name} must be a whole number of seconds, not "${value}"`);
  return seconds;
}

function wholeNumberFrom(name: string, value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1)
    throw new Error(`${name} must be a whole number above 0, not "${value}"`);
  return number;
}

/** A number of milliseconds, 0 or more. */
function millisecondsFrom(name: string, value: string): number {
  const milliseconds = Number(value);
  if (!Number.isInteger(milliseconds) || milliseconds < 0)
    throw new Error(`${name} must be a whole number of milliseconds, not "${value}"`);
  return milliseconds;
}

/** A rate a second: a whole number, 0 for no limit. */
function rateFrom(name: string, value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0)
    throw new Error(`${name} must be a whole number (0 for no limit), not "${value}"`);
  return number;
}

const env = process.env;
/** How long requests in flight get to finish after SIGTERM before their connections are cut. */
const shutdownGraceMs = 10_000;
const logOutput = writesJson(env) ? bufferedStandardOutput() : undefined;

try {
  const port = portFrom(env.PORT);
  const host = env.HOST ?? '127.0.0.1';
  // `npm run dev`: Vite serves the sources and the site renders from them; Vite stays out of production's imports.
  const devSite = process.argv.includes('--dev')
    ? await (await import('./dev-site/index.ts')).createDevSite()
    : undefined;
  const app = await buildApp({
    dataDir: env.DATA_DIR ?? 'data',
    databaseUrl: env.DATABASE_URL || undefined,
    clientDir: env.CLIENT_DIR || undefined,
    devSite,
    seedExamples: env.SEED_EXAMPLES !== 'false',
    logger: loggerOptions(env, undefined, logOutput),
    metricsToken: env.METRICS_TOKEN || undefined,
    siteUrl: env.SITE_URL || undefined,
    host,
    port,
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || undefined,
    content: {
      ...(env.CONTENT_DIR ? { dir: env.CONTENT_DIR } : {}),
      committer: env.CONTENT_GIT_COMMITTER || undefined,
      remote: env.CONTENT_GIT_REMOTE || undefined,
      branch: env.CONTENT_GIT_BRANCH || undefined,
      token: env.CONTENT_GIT_TOKEN || undefined,
      tokenFile: env.CONTENT_GIT_TOKEN_FILE || undefined,
      sshKey: env.CONTENT_GIT_SSH_KEY || undefined,
      // Each save is built and served within seconds (docs/decisions/0015); the dev server renders the saved files.
      ...(devSite ? {} : { buildsDir: join(repositoryRoot, 'dist', 'live') }),
    },
    ...(env.LEAD_NOTICES_PER_HOUR
      ? { leadNoticesPerHour: wholeNumberFrom('LEAD_NOTICES_PER_HOUR', env.LEAD_NOTICES_PER_HOUR) }
      : {}),
    ...(env.NEWSLETTER_RATE ? { newsletterRate: rateFrom('NEWSLETTER_RATE', env.NEWSLETTER_RATE) } : {}),
    signupMailCaps: {
      ...(env.SIGNUP_MAILS_PER_HOUR
        ? { perHour: wholeNumberFrom('SIGNUP_MAILS_PER_HOUR', env.SIGNUP_MAILS_PER_HOUR) }
        : {}),
      ...(env.SIGNUP_MAILS_PER_NETWORK
        ? {
            perNetwork: wholeNumberFrom('SIGNUP_MAILS_PER_NETWORK', env.SIGNUP_MAILS_PER_NETWORK),
          }
        : {}),
    },
    ...(env.FORM_TIME_TRAP_MS ? { formTimeTrapMs: millisecondsFrom('FORM_TIME_TRAP_MS', env.FORM_TIME_TRAP_MS) } : {}),
    mailTiming: env.MAIL_LEASE_SECONDS
      ? { leaseMs: secondsFrom('MAIL_LEASE_SECONDS', env.MAIL_LEASE_SECONDS) * 1000 }
      : {},
  });
  if (env.NODE_ENV === 'production' && !env.SITE_URL) {
    app.log.warn(
      `SITE_URL is not set: canonical URLs, the sitemap and the feeds name http://${host}:${port}. ` +
        'Set SITE_URL to the public origin, e.g. https://www.example.com.',
    );
  }
  await app.listen({ port, host });

  // Logged as JSON with its stack, where the operator looks, and written out before the process ends.
  process.once('uncaughtException', (error) => {
    app.log.fatal({ err: error }, 'uncaught exception: the process ends');
    logOutput?.flushSync();
    process.exit(1);
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      app.log.info(`${signal}: refusing new connections, finishing the requests in flight, then closing`);
      // Keep-alive connections whose requests have finished would hold the process up until their clients let go.
      setInterval(() => app.server.closeIdleConnections(), 100).unref();
      // A stuck request must not hold the process up until the orchestrator kills it without closing the database.
      setTimeout(() => app.server.closeAllConnections(), shutdownGraceMs).unref();
      // Stops listening, waits for the requests in flight, then runs the onClose hooks, the database's last.
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'could not close cleanly');
          process.exit(1);
        },
      );
    });
  }
} catch (error) {
  console.error(`The server could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
