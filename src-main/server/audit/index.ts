export * from './auditEvent';
export * from './auditLog';
export * from './auditLogReader';
