export interface ServerTimeouts {
  /** From the connection's start to the end of the request's headers. */
  headersMs: number;
  /** From the connection's start to the end of the request's body: a 15 MB upload at 1 Mbit/s takes 120 s. */
  requestMs: number;
  /** How long an idle keep-alive connection stays open: longer than a load balancer's (60 s on most). */
  keepAliveMs: number;
  /** A connection on which nothing moves for this long is closed, whatever it is doing. */
  idleMs: number;
}

export const defaultServerTimeouts: ServerTimeouts = {
  headersMs: 20_000,
  requestMs: 120_000,
  keepAliveMs: 72_000,
  idleMs: 90_000,
};

/**
 * Node's defaults let a request's body trickle in for ever (requestTimeout and the socket timeout are 0), so a few
 * slow clients could hold every connection the server can keep. Node checks the header and request deadlines on a
 * timer, every 30 s by default: checked more often here, so a deadline is kept to within a second or two.
 */
export function serverTimeoutOptions(timeouts: ServerTimeouts) {
  return {
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    connectionTimeout: timeouts.idleMs,
    http: {
      headersTimeout: timeouts.headersMs,
      connectionsCheckingInterval: Math.max(50, Math.min(2_000, timeouts.headersMs / 4)),
    },
  };
}
