import type { FastifyReply, FastifyRequest } from 'fastify';

// How long a refused body is still read (and thrown away) after the answer, at most.
const lingerMs = 2_000;

/**
 * After a refusal of a body that is still coming (413): once the answer is out, closes the connection's sending side
 * (the client reads the answer, then the end), and reads what still comes for at most a moment, throwing it away,
 * before closing the rest. Reading the body to its end, as Node does to keep a connection alive, lets a chunked or a
 * falsely declared body run for ever and keeps a large declared one from being answered until it is all sent; closing
 * at once, unread bytes and all, resets the connection, and a client still sending never reads the answer.
 */
export function closeAfterLinger(request: FastifyRequest, reply: FastifyReply): void {
  const raw = request.raw;
  if (raw.complete) return;
  const socket = raw.socket;
  // Destroying the request destroys its socket.
  const timer = setTimeout(() => raw.destroy(), lingerMs);
  timer.unref();
  raw.on('data', () => {});
  raw.once('close', () => clearTimeout(timer));
  raw.resume();
  reply.raw.once('finish', () => socket.end());
}
