export * from './api.ts';
export * from './events.ts';
export * from './staff.ts';
export * from './suspensions.ts';
