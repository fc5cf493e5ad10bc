/** The values of a path's `:name` segments, and the rest of the path under `*`. */
export type Params = Partial<Record<string, string>>;

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

const segmentsOf = (path: string) => path.split('/').filter((segment) => segment !== '');

/** A route table's patterns are few and fixed: each is split once. */
const patternSegments = new Map<string, string[]>();

function segmentsOfPattern(pattern: string): string[] {
  let segments = patternSegments.get(pattern);
  if (segments === undefined) patternSegments.set(pattern, (segments = segmentsOf(pattern)));
  return segments;
}

/** The pathname last matched, split: a route table is matched against one pathname pattern after pattern. */
let lastPathname: { pathname: string; segments: string[] } | undefined;

function segmentsOfPathname(pathname: string): string[] {
  if (lastPathname?.pathname !== pathname) lastPathname = { pathname, segments: segmentsOf(pathname) };
  return lastPathname.segments;
}

/**
 * Matches a pathname against a pattern of static segments, `:name` segments and a final `*`, as react-router does:
 * letters in any case, a trailing slash ignored, parameters decoded. Null when the pattern does not match.
 */
export function matchPath(pattern: string, pathname: string): Params | null {
  const wanted = segmentsOfPattern(pattern);
  const given = segmentsOfPathname(pathname);
  // Without `*`, a pattern matches only as many segments as it has.
  if (given.length !== wanted.length && wanted.at(-1) !== '*') return null;
  const params: Params = {};
  for (const [index, segment] of wanted.entries()) {
    if (segment === '*') {
      params['*'] = given.slice(index).map(decode).join('/');
      return params;
    }
    const value = given[index];
    if (value === undefined) return null;
    if (segment.startsWith(':')) params[segment.slice(1)] = decode(value);
    else if (segment.toLowerCase() !== decode(value).toLowerCase()) return null;
  }
  return given.length === wanted.length ? params : null;
}

/** How specific a pattern is, as react-router ranks routes: a static segment beats a parameter, which beats `*`. */
export function patternScore(pattern: string): number {
  return segmentsOfPattern(pattern).reduce(
    (score, segment) => score + (segment === '*' ? -2 : segment.startsWith(':') ? 3 : 10),
    0,
  );
}
