import type { FastifyServerOptions } from 'fastify';

/**
 * JSON lines for log collectors; in a developer's terminal (standard output a TTY, NODE_ENV not production) the same
 * lines made readable by pino-pretty. LOG_LEVEL sets the level, info by default.
 */
export function loggerOptions(
  env: Record<string, string | undefined>,
  isTerminal = Boolean(process.stdout.isTTY),
): FastifyServerOptions['logger'] {
  const level = env.LOG_LEVEL || 'info';
  if (!isTerminal || env.NODE_ENV === 'production') return { level };
  return {
    level,
    transport: {
      target: 'pino-pretty',
      options: { translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname', singleLine: true },
    },
  };
}
