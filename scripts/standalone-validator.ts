/**
 * Precompiles a JSON Schema of schemas/ into a standalone ajv validator for the browser, so that a form checks its
 * input with the server's rules without compiling at run time (our CSP forbids eval).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type standaloneCodeType from 'ajv/dist/standalone/index.js';
import addFormats from 'ajv-formats';
import { format, resolveConfig } from 'prettier';
import { schemasDir } from '../server/content-studio/content-schemas.ts';

// CommonJS modules whose `default` export Node's ESM loader does not unwrap.
const require = createRequire(import.meta.url);
const standaloneCode = require('ajv/dist/standalone').default as typeof standaloneCodeType;
const ucs2length = require('ajv/dist/runtime/ucs2length').default as (text: string) => number;
const deepEqual = require('ajv/dist/runtime/equal').default as (a: unknown, b: unknown) => boolean;

/**
 * ajv's ESM output still `require`s its runtime helpers, which browsers and Node ESM reject. ucs2length and equal
 * have no closure, so their source is inlined; the format checkers become a namespace import, whose named exports every
 * bundler and Node read alike (a CommonJS `default` they do not).
 */
function replaceRequires(code: string, banner: string): string {
  const imports = new Map<string, string>();
  const rewritten = code.replace(/require\("([^"]+)"\)(\.default)?/g, (call, module: string, isDefault?: string) => {
    if (module === 'ajv/dist/runtime/ucs2length' && isDefault) return `(${ucs2length.toString()})`;
    // fast-deep-equal's one function, which recurses by its own name only (enum and const of objects need it).
    if (module === 'ajv/dist/runtime/equal' && isDefault) return `(${deepEqual.toString()})`;
    if (module === 'ajv-formats/dist/formats' && !isDefault) {
      if (!imports.has(module)) imports.set(module, `formatsModule${imports.size}`);
      return imports.get(module)!;
    }
    throw new Error(`standalone-validator: no rewrite for ${call}; add one to scripts/standalone-validator.ts`);
  });
  const importLines = [...imports].map(([module, name]) => `import * as ${name} from '${module}.js';`);
  return [banner, ...importLines, rewritten.replace(/^"use strict";/, '')].join('\n');
}

const readSchema = (name: string): object => JSON.parse(readFileSync(join(schemasDir, name), 'utf8')) as object;

/** The formatted source of a validator of `schema` (a file of schemas/), which may refer to `references`. */
export async function standaloneValidatorSource(options: {
  schema: string;
  references?: string[];
  /** Several schemas in one module, each exported under its name (ajv's standalone code for a map of ids). */
  exports?: Record<string, string>;
  banner: string;
  /** Where the source will be written, for Prettier's settings. */
  path: string;
}): Promise<string> {
  const ajv = new Ajv2020({
    code: { source: true, esm: true },
    allErrors: true,
    strict: true,
    strictRequired: false,
    discriminator: true,
    // Content schemas' annotation (content-schemas.ts `permissionKeyword`, which checks its value): nothing to compile.
    keywords: ['x-permission'],
  });
  addFormats.default(ajv);
  for (const reference of options.references ?? []) ajv.addSchema(readSchema(reference));
  const generated = options.exports
    ? standaloneCode(ajv, options.exports)
    : standaloneCode(ajv, ajv.compile(readSchema(options.schema)));
  const code = replaceRequires(generated, options.banner);
  const settings = await resolveConfig(options.path);
  return format(code, { ...settings, parser: 'babel' });
}
