import type { RJSFSchema } from '@rjsf/utils';
import { permissionMeanings, type Permission } from '@/domain/team-permissions.ts';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const permissionOf = (schema: object): Permission | undefined => {
  const value = (schema as Record<string, unknown>)['x-permission'];
  return typeof value === 'string' && value in permissionMeanings ? (value as Permission) : undefined;
};

/**
 * The schema with every field marked `"x-permission"` that the member may not change made read-only: the server
 * refuses a change to it (server/content-studio/field-permissions.ts), so the form does not offer one.
 */
export function lockFields(schema: RJSFSchema, may: (permission: Permission) => boolean): RJSFSchema {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!isObject(node)) return node;
    const walked = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, walk(value)]));
    const permission = permissionOf(node);
    return permission && !may(permission) ? { ...walked, readOnly: true } : walked;
  };
  return walk(schema) as RJSFSchema;
}

/** Who may change a read-only field of a permission, in a sentence; null for a field anyone may change. */
export function lockedNote(schema: object): string | null {
  const permission = permissionOf(schema);
  if (!permission || (schema as { readOnly?: unknown }).readOnly !== true) return null;
  return (
    `Only a member with the permission “${permission}” (${permissionMeanings[permission]}) may change this: ` +
    'ask the owner or an administrator.'
  );
}
