import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { repositoryRoot } from '../site-facts.ts';

/** The shapes of the security routes (sign-in, two-factor, sessions, audit): schemas/security/*.schema.json. */
const directory = join(repositoryRoot, 'schemas', 'security');

export function addSecuritySchemas(app: FastifyInstance): void {
  for (const name of readdirSync(directory).filter((file) => file.endsWith('.schema.json'))) {
    app.addSchema(JSON.parse(readFileSync(join(directory, name), 'utf8')) as object);
  }
}

export function securitySchema(name: string): { $ref: string } {
  return { $ref: `security/${name}.schema.json` };
}

/** The error shape for each refusal a route can give. */
export function errorResponses(...statusCodes: number[]): Record<number, { $ref: string }> {
  return Object.fromEntries(statusCodes.map((code) => [code, securitySchema('error-response')]));
}
