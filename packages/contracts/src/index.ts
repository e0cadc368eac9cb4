export * from './services.ts';
export * from './common.ts';
export * from './identity.ts';
export * from './events.ts';
export * from './realtime.ts';
export * from './forum.ts';
export * from './admin.ts';
export * from './forum-events.ts';
