import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { isUndocumentedPath, OPENAPI_PATH } from '../src/openapi.ts';
import { buildTestService, type TestService } from '../src/testing.ts';
import { fixtureService } from './helpers.ts';

interface Operation {
  tags?: string[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }> };
  responses?: Record<string, unknown>;
}

let svc: TestService;
let doc: { openapi: string; info: { title: string }; paths: Record<string, Record<string, Operation>> };

beforeAll(async () => {
  svc = await buildTestService(fixtureService, { relay: false });
  const res = await svc.app.inject({ method: 'GET', url: OPENAPI_PATH });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  doc = res.json();
});
afterAll(() => svc.close());

describe('the service OpenAPI document', () => {
  test('is OpenAPI 3.1 titled after the service', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('forum service');
  });

  test('describes each route from its zod schemas, tagged with the service', () => {
    const create = doc.paths['/items']?.post;
    expect(create?.tags).toEqual(['forum']);
    const body = create?.requestBody?.content['application/json']?.schema;
    expect(body?.properties).toEqual({ name: { type: 'string', minLength: 3 }, qty: { type: 'integer', minimum: -9007199254740991, maximum: 9007199254740991 } });
    expect(body?.required).toEqual(['name', 'qty']);
    expect(Object.keys(create?.responses ?? {})).toEqual(['201', '400']);
    // Routes without a schema are listed too.
    expect(doc.paths['/whoami']?.get).toBeDefined();
    expect(doc.paths['/admin-only']?.delete).toBeDefined();
  });

  test('leaves out health, readiness, metrics and /internal', () => {
    for (const path of ['/healthz', '/readyz', '/metrics', OPENAPI_PATH]) expect(doc.paths[path]).toBeUndefined();
    for (const path of ['/healthz', '/readyz', '/metrics', '/internal', '/internal/openapi.json', '/internal/staff-session']) {
      expect(isUndocumentedPath(path), path).toBe(true);
    }
    for (const path of ['/api/posts', '/uploads/:name', '/internals', '/healthz/x', '/api/internal']) {
      expect(isUndocumentedPath(path), path).toBe(false);
    }
  });

  test('other methods on the document path answer 404 JSON', async () => {
    const res = await svc.app.inject({ method: 'POST', url: OPENAPI_PATH, payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toHaveProperty('message');
  });
});
