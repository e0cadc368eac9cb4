/** An error whose status and message are meant for the client (`{ message, code? }`). */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: string | undefined;

  constructor(statusCode: number, message: string, code?: string) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.code = code;
  }
}

export const badRequest = (message: string, code?: string) => new HttpError(400, message, code);
export const unauthorized = (message = 'Authentication required', code?: string) => new HttpError(401, message, code);
export const forbidden = (message = 'Insufficient permissions', code?: string) => new HttpError(403, message, code);
export const notFound = (message = 'Not Found', code?: string) => new HttpError(404, message, code);
export const conflict = (message: string, code?: string) => new HttpError(409, message, code);
export const payloadTooLarge = (message: string, code?: string) => new HttpError(413, message, code);
export const tooManyRequests = (message = 'Too many requests, please try again later.', code?: string) =>
  new HttpError(429, message, code);

/** A missing or malformed configuration value; the message names every bad variable. */
export class ConfigError extends Error {
  readonly variables: string[];

  constructor(message: string, variables: string[]) {
    super(message);
    this.name = 'ConfigError';
    this.variables = variables;
  }
}
