import { buildApp } from './app.ts';

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

const env = process.env;

try {
  const app = await buildApp({
    dataDir: env.DATA_DIR ?? 'data',
    databaseUrl: env.DATABASE_URL || undefined,
    clientDir: env.CLIENT_DIR || undefined,
    seedExamples: env.SEED_EXAMPLES !== 'false',
    logger: { level: env.LOG_LEVEL ?? 'info' },
    siteUrl: env.SITE_URL || undefined,
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
  });
  await app.listen({ port: portFrom(env.PORT), host: env.HOST ?? '127.0.0.1' });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      app.log.info(`${signal}: closing`);
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
