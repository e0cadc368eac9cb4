import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AmaSession, PricingBody, SessionBody } from '@wfm/contracts/ama';
import { queryKeys } from '../../../lib/query-keys.ts';
import { savePricing } from './pricing.ts';
import { createSession, updateSession, uploadSessionImage } from './session-mutations.ts';

export type SaveStage = 'session' | 'image' | 'pricing';

/** Which step of a save failed, so the toast can name it (§8: Creation / Update / Upload / Pricing). */
export class SaveSessionError extends Error {
  override readonly name = 'SaveSessionError';
  constructor(
    readonly stage: SaveStage,
    override readonly cause: unknown,
    /** The session when it was saved before a later step failed. */
    readonly session: AmaSession | null,
  ) {
    super(`AMA save failed at ${stage}`);
  }
}

export interface SaveSessionInput {
  /** Absent: schedule a new session. */
  id?: number;
  body: SessionBody;
  image: File | null;
  /** Null: the session is free (empty price), no pricing call. */
  pricing: PricingBody | null;
  pricingExists: boolean;
}

/** Create (or update) the session, then upload its image, then save its pricing (§7 order). */
export async function saveSession({ id, body, image, pricing, pricingExists }: SaveSessionInput): Promise<AmaSession> {
  let session: AmaSession;
  try {
    session = id === undefined ? await createSession(body) : await updateSession(id, body);
  } catch (error) {
    throw new SaveSessionError('session', error, null);
  }
  if (image) {
    try {
      session = (await uploadSessionImage(session.id, image)).session;
    } catch (error) {
      throw new SaveSessionError('image', error, session);
    }
  }
  if (pricing) {
    try {
      await savePricing(session.id, pricing, pricingExists);
    } catch (error) {
      throw new SaveSessionError('pricing', error, session);
    }
  }
  return session;
}

export function useSaveSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSession,
    onSettled: (_data, _error, input) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.ama.sessions() });
      if (input.id !== undefined) void queryClient.invalidateQueries({ queryKey: queryKeys.ama.pricing(input.id) });
    },
  });
}
