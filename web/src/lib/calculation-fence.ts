/** The info string of a fenced block holding a shared calculation (lib/calculation-card.ts). */
export const CALCULATION_FENCE = 'wfm-calculation';
