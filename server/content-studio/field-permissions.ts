/**
 * Fields of a content document that are settings rather than content (docs/decisions/0031): the schema marks each
 * with `"x-permission"`, the team permission needed to change its value. A member without it may save the rest of
 * the document; a change to such a field is refused, with the field's pointer.
 */
import { isDeepStrictEqual } from 'node:util';
import { permissionMeanings, type Permission } from '../../src/domain/team-permissions.ts';
import { readSchemas } from './content-schemas.ts';

/** A protected field: its pointer's segments (`*` for every item of an array) and the permission it needs. */
export interface GuardedField {
  segments: string[];
  permission: Permission;
}

type SchemaNode = Record<string, unknown>;

const isObject = (value: unknown): value is SchemaNode =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/** Every field of the documents of schema `rootId` marked with x-permission, found through properties, items and refs. */
export function guardedFields(rootId: string, schemas: Record<string, object> = readSchemas()): GuardedField[] {
  const found: GuardedField[] = [];
  const seen = new Set<string>();

  function resolve(ref: string, fileId: string): { node: unknown; fileId: string } {
    const [file, fragment = ''] = ref.split('#');
    const targetId = file ? new URL(file, `x:/${fileId}`).pathname.slice(1) : fileId;
    let node: unknown = schemas[targetId];
    for (const part of fragment.split('/').filter(Boolean)) node = isObject(node) ? node[part] : undefined;
    return { node, fileId: targetId };
  }

  function walk(node: unknown, fileId: string, segments: string[], via: string): void {
    if (!isObject(node)) return;
    // A schema reached again at the same place (a recursive reference) holds nothing new.
    const key = `${via}@${segments.join('/')}`;
    if (seen.has(key)) return;
    seen.add(key);
    const permission = node['x-permission'];
    if (typeof permission === 'string' && permission in permissionMeanings) {
      found.push({ segments, permission: permission as Permission });
      return;
    }
    if (typeof node.$ref === 'string') {
      const target = resolve(node.$ref, fileId);
      walk(target.node, target.fileId, segments, `${target.fileId}#${node.$ref}`);
    }
    for (const combined of ['allOf', 'anyOf', 'oneOf'] as const) {
      const list = node[combined];
      if (Array.isArray(list))
        list.forEach((item, index) => walk(item, fileId, segments, `${via}/${combined}/${index}`));
    }
    if (isObject(node.properties)) {
      for (const [name, child] of Object.entries(node.properties)) {
        walk(child, fileId, [...segments, name], `${via}/properties/${name}`);
      }
    }
    if (node.items !== undefined) walk(node.items, fileId, [...segments, '*'], `${via}/items`);
  }

  walk(schemas[rootId], rootId, [], rootId);
  return found;
}

/**
 * The pointers under a field's segments at which two documents differ. Items added to or removed from an array
 * above a protected field change it as a whole: the array's pointer.
 */
function changedAt(before: unknown, after: unknown, segments: string[], pointer = ''): string[] {
  if (segments.length === 0) return isDeepStrictEqual(before, after) ? [] : [pointer || '/'];
  const [first, ...rest] = segments as [string, ...string[]];
  if (first === '*') {
    const old = Array.isArray(before) ? before : [];
    const next = Array.isArray(after) ? after : [];
    if (old.length !== next.length) return [pointer || '/'];
    return old.flatMap((item, index) => changedAt(item, next[index], rest, `${pointer}/${index}`));
  }
  const child = (document: unknown) => (isObject(document) ? document[first] : undefined);
  return changedAt(child(before), child(after), rest, `${pointer}/${escape(first)}`);
}

export interface LockedChange {
  path: string;
  permission: Permission;
  message: string;
}

const byDocument = new Map<string, GuardedField[]>();

/**
 * The protected fields whose value `after` changes from `before` and that the member may not change: each with its
 * pointer. An unchanged value passes, wherever the rest of the document moved.
 */
export function lockedChanges(
  schemaId: string,
  before: unknown,
  after: unknown,
  may: (permission: Permission) => boolean,
): LockedChange[] {
  let fields = byDocument.get(schemaId);
  if (fields === undefined) byDocument.set(schemaId, (fields = guardedFields(schemaId)));
  return fields
    .filter(({ permission }) => !may(permission))
    .flatMap(({ segments, permission }) =>
      changedAt(before, after, segments).map((path) => ({ path, permission, message: lockedMessage(permission) })),
    );
}

/** Why a member may not change the field, and who may. */
export function lockedMessage(permission: Permission): string {
  return (
    `only a member with the permission "${permission}" (${permissionMeanings[permission]}) may change this field: ` +
    'ask the owner or an administrator'
  );
}
