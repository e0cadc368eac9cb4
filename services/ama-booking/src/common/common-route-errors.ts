import { ErrorResponse } from '@wfm/contracts/shared';

/** Error answers every public route may give. */
export const PUBLIC_ERRORS = { 400: ErrorResponse, 404: ErrorResponse, 429: ErrorResponse } as const;
/** Error answers every staff route may give. */
export const STAFF_ERRORS = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse } as const;
export { ErrorResponse };
