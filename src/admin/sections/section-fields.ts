/** Reads a section's JSON Schema into rows a marketer can read: each field, its type, its limits and its meaning. */

export interface SchemaNode {
  $ref?: string;
  $defs?: Record<string, SchemaNode>;
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  oneOf?: SchemaNode[];
  items?: SchemaNode;
  properties?: Record<string, SchemaNode>;
  required?: string[];
  title?: string;
  description?: string;
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  format?: string;
  examples?: unknown[];
}

export interface FieldRow {
  /** As written in JSON, nested with dots and [] for list items: `items[].title`. */
  name: string;
  type: string;
  required: boolean;
  limits: string;
  description: string;
}

/** Finds what a $ref points at, in the section's own $defs or in common.schema.json. */
function resolve(node: SchemaNode, own: SchemaNode, common: SchemaNode): SchemaNode {
  if (!node.$ref) return node;
  const [file, pointer = ''] = node.$ref.split('#');
  const root = file && file.endsWith('common.schema.json') ? common : own;
  const target = pointer
    .split('/')
    .filter(Boolean)
    .reduce<SchemaNode | undefined>((at, key) => (at as Record<string, SchemaNode> | undefined)?.[key], root);
  // A field's own description wins over the shared definition's.
  return target ? { ...resolve(target, own, common), ...withoutRef(node) } : node;
}

function withoutRef({ $ref: _ref, ...rest }: SchemaNode): SchemaNode {
  return rest;
}

function typeName(node: SchemaNode, own: SchemaNode, common: SchemaNode): string {
  if (node.const !== undefined) return JSON.stringify(node.const);
  if (node.enum) return `one of ${node.enum.map((value) => JSON.stringify(value)).join(', ')}`;
  if (node.oneOf) return node.oneOf.map((option) => resolve(option, own, common).title ?? 'object').join(' or ');
  if (node.type === 'array' && node.items) return `list of ${typeName(resolve(node.items, own, common), own, common)}`;
  if (node.type === 'object' && node.title) return node.title;
  const type = Array.isArray(node.type) ? node.type.join(' or ') : (node.type ?? 'any');
  return node.format ? `${type} (${node.format})` : type;
}

function limitsOf(node: SchemaNode): string {
  const limits: string[] = [];
  if (node.minLength !== undefined) limits.push(`at least ${node.minLength} characters`);
  if (node.maxLength !== undefined) limits.push(`at most ${node.maxLength} characters`);
  if (node.minItems !== undefined) limits.push(`at least ${node.minItems} items`);
  if (node.maxItems !== undefined) limits.push(`at most ${node.maxItems} items`);
  if (node.minimum !== undefined) limits.push(`from ${node.minimum}`);
  if (node.maximum !== undefined) limits.push(`up to ${node.maximum}`);
  if (node.default !== undefined) limits.push(`default ${JSON.stringify(node.default)}`);
  return limits.join(', ');
}

/** Every field of a section schema, with the fields of its objects and list items below it. */
export function sectionFields(schema: SchemaNode, common: SchemaNode): FieldRow[] {
  const rows: FieldRow[] = [];
  const visit = (node: SchemaNode, prefix: string, depth: number) => {
    const required = new Set(node.required ?? []);
    for (const [name, raw] of Object.entries(node.properties ?? {})) {
      const field = resolve(raw, schema, common);
      const path = `${prefix}${name}`;
      rows.push({
        name: path,
        type: typeName(field, schema, common),
        required: required.has(name),
        limits: limitsOf(field),
        description: field.description ?? '',
      });
      if (depth >= 2) continue;
      const item = field.type === 'array' && field.items ? resolve(field.items, schema, common) : undefined;
      if (item?.properties) visit(item, `${path}[].`, depth + 1);
      else if (field.properties) visit(field, `${path}.`, depth + 1);
    }
  };
  visit(schema, '', 0);
  return rows;
}

/** The name of a section type as written in JSON: the `type` field's constant. */
export function sectionTypeName(schema: SchemaNode): string {
  const type = schema.properties?.type;
  return String(type?.const ?? type?.enum?.[0] ?? schema.title ?? '');
}
