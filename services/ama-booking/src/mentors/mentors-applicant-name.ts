import type { FastifyInstance, FastifyRequest } from 'fastify';
import { UserProfileResponse } from '@wfm/contracts/identity';
import { HttpError, SERVICE_UNAVAILABLE_MESSAGE, serviceEnv } from '@wfm/service-kit';
import { amaEnvSchema } from '../env.ts';

const LOOKUP_TIMEOUT_MS = 2_000;

/**
 * The verified visitor's username as identity knows it, or null when they have none. Only a visitor
 * with a username may apply to mentor (issue 14), and submitted_by is always this server-side name,
 * never one the client sends. Identity not answering is a 503: an application is not taken unnamed.
 */
export async function applicantUsername(app: FastifyInstance, request: FastifyRequest): Promise<string | null> {
  const token = request.headers['x-anon-token'];
  if (!request.visitor || typeof token !== 'string') return null;
  const identityUrl = serviceEnv(app, amaEnvSchema).IDENTITY_URL.split(',')[0]!.trim();
  try {
    const res = await fetch(new URL(`/api/user-profile/${encodeURIComponent(token)}`, identityUrl), {
      headers: { 'x-request-id': request.id },
      signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS),
    });
    if (res.status === 404) return null;
    const parsed = UserProfileResponse.safeParse(await res.json().catch(() => null));
    if (res.ok && parsed.success) return parsed.data.username ?? null;
    request.log.warn({ status: res.status }, 'applicant name: unexpected answer from identity');
  } catch (err) {
    request.log.warn({ err }, 'applicant name: identity unreachable');
  }
  throw new HttpError(503, SERVICE_UNAVAILABLE_MESSAGE);
}
