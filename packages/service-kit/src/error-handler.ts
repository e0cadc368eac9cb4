import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isDependencyFailure, SERVICE_UNAVAILABLE_MESSAGE } from './dependency-errors.ts';
import { HttpError } from './errors.ts';

export const INTERNAL_ERROR_MESSAGE = 'Internal Server Error';
export const NOT_FOUND_MESSAGE = 'Not Found';

interface IssueLike {
  code: string;
  path: PropertyKey[];
  message: string;
  [key: string]: unknown;
}

/**
 * Messages written in a schema (the spec's texts) are returned as they are; zod's generic ones
 * ("Invalid input: expected string, received undefined") are prefixed with where the problem is.
 */
export function validationMessage(issues: IssueLike[], context?: string): string {
  const issue = issues[0];
  if (!issue) return 'Invalid request';
  if (!isDefaultMessage(issue)) return issue.message;
  const where = [context, ...issue.path.map(String)].filter((part) => part !== undefined && part !== '').join('.');
  return where ? `${where}: ${issue.message}` : issue.message;
}

const withoutReceived = (message: string) => message.replace(/,? received .*$/, '');

function isDefaultMessage(issue: IssueLike): boolean {
  const locale = z.config().localeError;
  if (!locale) return false;
  const generated = locale({ ...issue, input: undefined } as never);
  const text = typeof generated === 'string' ? generated : generated?.message;
  return typeof text === 'string' && withoutReceived(text) === withoutReceived(issue.message);
}

/**
 * Every error becomes `{ message, code? }`: request validation -> 400 with a readable message,
 * HttpError and Fastify's own 4xx (bad JSON, body too large, ...) -> their status and message,
 * a dependency that is down or silent -> 503, anything else -> logged and answered 500 without details.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        code: v.keyword,
        path: v.instancePath.split('/').filter(Boolean),
        message: v.message ?? 'Invalid value',
        ...v.params,
      }));
      return reply.code(400).send({ message: validationMessage(issues, error.validationContext) });
    }
    if (error instanceof z.ZodError) {
      return reply.code(400).send({ message: validationMessage(error.issues as IssueLike[]) });
    }
    if (error instanceof HttpError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      return reply.code(error.statusCode).send(body(error));
    }
    const status = (error as FastifyError).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500 && !isResponseSerializationError(error)) {
      return reply.code(status).send({ message: error.message });
    }
    if (isDependencyFailure(error)) {
      // PostgreSQL, Redis or NATS down or silent: a retry later will do, nothing is wrong with the request.
      request.log.warn({ err: error }, 'dependency unavailable');
      return reply.code(503).send({ message: SERVICE_UNAVAILABLE_MESSAGE });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(status && status >= 500 && status < 600 ? status : 500).send({ message: INTERNAL_ERROR_MESSAGE });
  });
}

const body = (error: HttpError) => (error.code ? { message: error.message, code: error.code } : { message: error.message });
