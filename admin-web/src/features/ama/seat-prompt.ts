import { AMA_LIMITS, AMA_MESSAGES } from '@wfm/contracts/ama';

export type SeatPromptResult = { kind: 'ignore' } | { kind: 'invalid'; message: string } | { kind: 'seat'; seat: number };

/**
 * What the seat prompt's answer means (§5): cancelled, blank or non-numeric input is ignored; a
 * number outside 1-100 (or not whole) is refused with the spec's message; else the seat.
 */
export function parseSeatPrompt(input: string | null): SeatPromptResult {
  const text = input?.trim() ?? '';
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(text)) return { kind: 'ignore' };
  const seat = Number(text);
  if (!Number.isInteger(seat) || seat < AMA_LIMITS.seatMin || seat > AMA_LIMITS.seatMax) {
    return { kind: 'invalid', message: AMA_MESSAGES.seatRange };
  }
  return { kind: 'seat', seat };
}
