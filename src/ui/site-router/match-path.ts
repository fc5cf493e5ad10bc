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

/**
 * Matches a pathname against a pattern of static segments, `:name` segments and a final `*`, as react-router does:
 * letters in any case, a trailing slash ignored, parameters decoded. Null when the pattern does not match.
 */
export function matchPath(pattern: string, pathname: string): Params | null {
  const wanted = segmentsOf(pattern);
  const given = segmentsOf(pathname);
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
  return segmentsOf(pattern).reduce(
    (score, segment) => score + (segment === '*' ? -2 : segment.startsWith(':') ? 3 : 10),
    0,
  );
}
