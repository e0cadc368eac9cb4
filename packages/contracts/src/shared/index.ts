export * from './common.ts';
export * from './services.ts';
export * from './staff-action.ts';
export * from './events.ts';
export * from './realtime.ts';
export * from './visitor-realtime.ts';
export * from './notifications.ts';
export * from './held.ts';
