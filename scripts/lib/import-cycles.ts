import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** The folders whose modules may import each other; files under node_modules are outside any of them. */
export const codeFolders = ['src', 'server', 'scripts', 'tests'];

/** The text of every TypeScript module of the code folders, by path relative to `root`. */
export function readModules(root: string): Map<string, string> {
  const modules = new Map<string, string>();
  for (const folder of codeFolders) {
    for (const entry of readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })) {
      if (!/\.tsx?$/.test(entry) || entry.includes('node_modules')) continue;
      const path = join(folder, entry);
      modules.set(path, readFileSync(join(root, path), 'utf8'));
    }
  }
  return modules;
}

/**
 * The modules a module imports, by path: values, types (`import type`) and `import()` alike, so that a cycle of any
 * kind shows, whether the import names the file's extension or not. Packages are left out.
 */
function importsOf(path: string, text: string, modules: ReadonlyMap<string, string>): string[] {
  const { importedFiles } = ts.preProcessFile(text, true, true);
  return importedFiles.flatMap(({ fileName }) => {
    const named = fileName.startsWith('@/')
      ? join('src', fileName.slice(2))
      : fileName.startsWith('.')
        ? relative('.', resolve(dirname(path), fileName))
        : undefined;
    if (named === undefined) return [];
    // As the bundler resolves it: the file named, or the same name with a TypeScript extension, or its folder's index.
    const target = resolutions(named).find((candidate) => modules.has(candidate));
    return target === undefined ? [] : [target];
  });
}

function resolutions(named: string): string[] {
  return [named, `${named}.ts`, `${named}.tsx`, join(named, 'index.ts'), join(named, 'index.tsx')];
}

/** The modules each module imports (see `importsOf`), by path. */
export function importGraph(modules: ReadonlyMap<string, string>): Map<string, string[]> {
  return new Map([...modules].map(([path, text]) => [path, importsOf(path, text, modules)]));
}

/** Every import cycle among the modules, each as the paths it goes through, sorted. */
export function importCycles(modules: ReadonlyMap<string, string>): string[][] {
  return cycles(importGraph(modules));
}

/** The feature folder of `root` a module belongs to (server/blog/…: `blog`; src/api/leads/…: `leads`), if any. */
function featureOf(path: string, features: readonly string[], root: string): string | undefined {
  const inside = path.replace(/\\/g, '/');
  if (!inside.startsWith(`${root}/`)) return undefined;
  const [folder, rest] = inside.slice(root.length + 1).split('/', 2);
  return rest !== undefined && folder !== undefined && features.includes(folder) ? folder : undefined;
}

/**
 * Every cycle among the feature folders (`features`, such as blog and leads) of `root` (the server's, or src/api's),
 * each as the folders it goes through, sorted: a feature that imports another, directly or through others, is never
 * imported back by it. Tests are left out, as nothing imports them.
 */
export function featureCycles(
  modules: ReadonlyMap<string, string>,
  features: readonly string[],
  root = 'server',
): string[][] {
  const graph = new Map<string, string[]>(features.map((feature) => [feature, []]));
  for (const [path, targets] of importGraph(modules)) {
    const from = featureOf(path, features, root);
    if (from === undefined || /\.test\.tsx?$/.test(path)) continue;
    for (const target of targets) {
      const to = featureOf(target, features, root);
      if (to !== undefined && to !== from && !graph.get(from)!.includes(to)) graph.get(from)!.push(to);
    }
  }
  return cycles(graph);
}

/** The cycles of a graph, each as its nodes, sorted (Tarjan's strongly connected components). */
function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (path: string) => {
    index.set(path, index.size);
    lowLink.set(path, index.get(path)!);
    stack.push(path);
    onStack.add(path);
    for (const target of graph.get(path)!) {
      if (!index.has(target)) {
        visit(target);
        lowLink.set(path, Math.min(lowLink.get(path)!, lowLink.get(target)!));
      } else if (onStack.has(target)) {
        lowLink.set(path, Math.min(lowLink.get(path)!, index.get(target)!));
      }
    }
    if (lowLink.get(path) !== index.get(path)) return;
    const component: string[] = [];
    for (let member = stack.pop()!; ; member = stack.pop()!) {
      onStack.delete(member);
      component.push(member);
      if (member === path) break;
    }
    if (component.length > 1 || graph.get(path)!.includes(path)) found.push(component.sort());
  };
  for (const path of graph.keys()) if (!index.has(path)) visit(path);
  return found;
}
