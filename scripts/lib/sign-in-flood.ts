import autocannon from 'autocannon';

/** A different client address for each attempt, as a proxy that appends the peer's address would report it. */
function rotatingAddress(sequence: number): string {
  return `198.51.${(sequence >> 8) & 255}.${sequence & 255}`;
}

/**
 * Wrong-password sign-ins for accounts and from addresses that change at every attempt (an unknown e-mail costs the
 * server the same hashing as a known one), over `connections` parallel connections: the expensive request a stranger
 * can send most cheaply. The server must hold them to a bounded amount of hashing.
 */
export function signInFlood(options: { origin: string; connections: number; seconds: number }) {
  let sequence = 0;
  return autocannon({
    url: options.origin,
    connections: options.connections,
    duration: options.seconds,
    requests: [
      {
        method: 'POST',
        path: '/api/auth/login',
        setupRequest: (request) => {
          sequence += 1;
          return {
            ...request,
            headers: {
              'content-type': 'application/json',
              origin: options.origin,
              'x-forwarded-for': rotatingAddress(sequence),
            },
            body: JSON.stringify({
              email: `flood-${sequence}@northbeam.example`,
              password: `wrong password ${sequence}`,
            }),
          };
        },
      },
    ],
  });
}

/** A few connections asking for what must stay fast whatever else arrives: the health check and a cached page. */
export function probe(options: { origin: string; path: string; seconds: number }) {
  return autocannon({ url: `${options.origin}${options.path}`, connections: 2, duration: options.seconds });
}
