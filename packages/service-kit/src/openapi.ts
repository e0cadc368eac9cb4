import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { ServiceName } from '@wfm/contracts/shared';

/** Where every service publishes its OpenAPI document (internal: the gateway never proxies /internal). */
export const OPENAPI_PATH = '/internal/openapi.json';

/** The OpenAPI version the services publish (JSON Schema 2020-12, what zod 4 emits best). */
export const OPENAPI_VERSION = '3.1.0';

/** Operational and service-to-service paths: never part of the public API document. */
const UNDOCUMENTED = [/^\/healthz$/, /^\/readyz$/, /^\/metrics$/, /^\/internal(?:\/|$)/];

/** Whether a route path stays out of the OpenAPI document (health, readiness, metrics, /internal/*). */
export const isUndocumentedPath = (url: string): boolean => UNDOCUMENTED.some((pattern) => pattern.test(url));

/**
 * Collects every route registered after it into an OpenAPI 3.1 document generated from the routes'
 * zod schemas (fastify-type-provider-zod's transform) and serves it at GET /internal/openapi.json.
 * Registered by createServiceApp before the service's routes, so no service does anything to be documented.
 */
export async function registerOpenApi(app: FastifyInstance, service: ServiceName): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: OPENAPI_VERSION,
      info: { title: `${service} service`, version: '1.0.0' },
      tags: [{ name: service }],
    },
    transform: (document) => {
      if (isUndocumentedPath(document.url)) return { schema: { hide: true }, url: document.url };
      const transformed = jsonSchemaTransform(document);
      // Every operation is tagged with its service, so the merged reference groups by service.
      const schema = transformed.schema as { tags?: string[] } | undefined;
      return { ...transformed, schema: { ...schema, tags: schema?.tags ?? [service] } };
    },
    transformObject: jsonSchemaTransformObject,
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
}
