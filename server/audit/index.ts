// The rest of the server reaches the activity log only through this file (eslint.import-rules.js).
export { auditRequest, pruneAuditLog, recordAudit } from './audit-log.ts';
export type { AuditAction } from './audit-log.ts';
export { auditRoutes } from './audit-routes.ts';
