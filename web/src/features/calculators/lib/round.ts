/** Rounds half away from zero to `decimals` places, without 1.005 → 1.00 float surprises. */
export function round(value: number, decimals = 2): number {
  const factor = 10 ** decimals;
  return Math.sign(value) * Math.round(Math.abs(value) * factor * (1 + Number.EPSILON)) / factor;
}

/** A number typed into a field: finite, else NaN (empty text is NaN, not 0). */
export function parseNumber(text: string): number {
  const trimmed = text.trim();
  if (trimmed === '') return Number.NaN;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : Number.NaN;
}
