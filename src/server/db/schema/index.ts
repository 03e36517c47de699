// The one barrel: drizzle-kit and drizzle({ schema }) need every table in one module.
export * from './enums';
export * from './users';
export * from './companies';
export * from './talents';
export * from './jobs';
export * from './billing';
export * from './catalog';
export * from './events';
export * from './identity';
export * from './job-alerts';
export * from './web-push';
export type { HeldSender, PermissionSet } from './columns';
export * from './messages';
export * from './interviews';
