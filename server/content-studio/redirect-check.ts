import type { Redirect } from '../../src/content/types.gen.ts';
import { dynamicRoute } from './dynamic-route.ts';

export interface RedirectProblem {
  pointer: string;
  message: string;
}

/**
 * What a schema cannot say about content/redirects.json: each `from` once and taken by no page nor by anything the
 * server answers itself (`reserved`: its routes and files), each `to` a route of the site reached in one hop, never
 * a loop.
 */
export function checkRedirects(
  redirects: Redirect[],
  routes: ReadonlySet<string>,
  reserved: (path: string) => boolean,
): RedirectProblem[] {
  const problems: RedirectProblem[] = [];
  const targetOf = new Map<string, string>();
  redirects.forEach(({ from, to }, index) => {
    const pointer = `/redirects/${index}/from`;
    if (targetOf.has(from)) problems.push({ pointer, message: `"${from}" is redirected more than once` });
    else targetOf.set(from, to);
    if (routes.has(from) || reserved(from)) {
      problems.push({ pointer, message: `"${from}" is a route of the site: a redirect would hide it` });
    }
  });

  redirects.forEach(({ from, to }, index) => {
    const pointer = `/redirects/${index}/to`;
    if (to === from) {
      problems.push({ pointer, message: `"${from}" redirects to itself` });
      return;
    }
    if (targetOf.has(to)) {
      const path = [from, to];
      for (let next = targetOf.get(to); next !== undefined && !path.includes(next); next = targetOf.get(next)) {
        path.push(next);
      }
      const last = targetOf.get(path.at(-1)!);
      if (last !== undefined && path.includes(last)) {
        problems.push({ pointer, message: `redirects loop: ${[...path, last].join(' -> ')}` });
      } else {
        const end = path.at(-1)!;
        problems.push({
          pointer,
          message: `"${to}" is redirected again (${path.join(' -> ')}): point "${from}" at "${end}" directly`,
        });
      }
      return;
    }
    if (!routes.has(to) && !dynamicRoute.test(to)) {
      problems.push({ pointer, message: `leads to "${to}", which is no route of the site` });
    }
  });
  return problems;
}
