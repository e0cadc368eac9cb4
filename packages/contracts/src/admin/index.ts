export * from './api.ts';
export * from './events.ts';
