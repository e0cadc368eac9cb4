// Public calls of the catalog service: tools directory, template library, polls and benchmarks
// (document 2 §1-§9, plus the closed polls and anonymity-safe breakdowns).
export { CATALOG_PAGE, isHttpUrl, URL_MAX } from './fields.ts';
export * from './tools.ts';
export * from './templates.ts';
export * from './polls.ts';
export * from './benchmarks.ts';
export * from './events.ts';
export * from './staff.ts';
