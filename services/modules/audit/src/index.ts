// Public surface of the audit context: the Nest module only.
export { AuditModule } from './audit.module.js';
