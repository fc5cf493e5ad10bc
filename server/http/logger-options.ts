import type { FastifyServerOptions } from 'fastify';
import type { LogOutput } from './log-output.ts';

/** JSON lines (a collector's input) rather than pino-pretty's readable ones, which only a developer's terminal gets. */
export function writesJson(env: Record<string, string | undefined>, isTerminal = Boolean(process.stdout.isTTY)) {
  return !isTerminal || env.NODE_ENV === 'production';
}

/**
 * JSON lines for log collectors, to `output` when given (standard output otherwise); in a developer's terminal
 * (standard output a TTY, NODE_ENV not production) the same lines made readable by pino-pretty. LOG_LEVEL sets the
 * level, info by default.
 */
export function loggerOptions(
  env: Record<string, string | undefined>,
  isTerminal = Boolean(process.stdout.isTTY),
  output?: LogOutput,
): FastifyServerOptions['logger'] {
  const level = env.LOG_LEVEL || 'info';
  if (writesJson(env, isTerminal)) return output ? { level, stream: output.stream } : { level };
  return {
    level,
    transport: {
      target: 'pino-pretty',
      options: { translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname', singleLine: true },
    },
  };
}
