import type { FastifyInstance, FastifyRequest } from 'fastify';
import { UserProfileResponse } from '@wfm/contracts/identity';
import { ANONYMOUS_POSTER } from '@wfm/contracts/jobs';
import { serviceEnv } from '@wfm/service-kit';
import { jobsEnvSchema } from '../env.ts';

const LOOKUP_TIMEOUT_MS = 2_000;

/**
 * submitted_by comes from the server, never the client: the verified visitor's username as identity
 * knows it, else "Anonymous". When identity cannot answer the job is still taken, as Anonymous
 * (never a name the visitor did not prove).
 */
export async function posterName(app: FastifyInstance, request: FastifyRequest): Promise<string> {
  const token = request.headers['x-anon-token'];
  if (!request.visitor || typeof token !== 'string') return ANONYMOUS_POSTER;
  const identityUrl = serviceEnv(app, jobsEnvSchema).IDENTITY_URL.split(',')[0]!.trim();
  try {
    const res = await fetch(new URL(`/api/user-profile/${encodeURIComponent(token)}`, identityUrl), {
      headers: { 'x-request-id': request.id },
      signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS),
    });
    if (res.status === 404) return ANONYMOUS_POSTER;
    const parsed = UserProfileResponse.safeParse(await res.json().catch(() => null));
    if (res.ok && parsed.success) return parsed.data.username ?? ANONYMOUS_POSTER;
    request.log.warn({ status: res.status }, 'poster name: unexpected answer from identity');
  } catch (err) {
    request.log.warn({ err }, 'poster name: identity unreachable');
  }
  return ANONYMOUS_POSTER;
}
