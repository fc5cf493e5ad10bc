/** A shape of the security routes (two-factor, sessions, audit): schemas/security/NAME.schema.json, by its $id. */
export function securitySchema(name: string): { $ref: string } {
  return { $ref: `security/${name}.schema.json` };
}
