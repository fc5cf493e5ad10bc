import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { repositoryRoot } from '../repository-root.ts';

export interface ScriptResult {
  code: number;
  /** Standard output and error together. */
  output: string;
}

/** Runs scripts/NAME with tsx, as its npm script does, in a process of its own; never blocks this one. */
export async function runScript(
  name: string,
  args: string[],
  env: Record<string, string>,
  input = '',
): Promise<ScriptResult> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(repositoryRoot, 'scripts', name), ...args], {
    cwd: repositoryRoot,
    env: { ...process.env, ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stdin.end(input);
  const [code] = await once(child, 'exit');
  return { code: code as number, output };
}
