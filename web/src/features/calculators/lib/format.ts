const number = (decimals: number) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });

export const formatNumber = (value: number, decimals = 0) => number(decimals).format(value);
export const formatPercent = (value: number, decimals = 1) => `${number(decimals).format(value)}%`;
/** A 0-1 share as a percentage. */
export const formatShare = (share: number, decimals = 1) => formatPercent(share * 100, decimals);
export const formatMoney = (value: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2 }).format(value);
/** Average speed of answer: seconds to one decimal; ∞ when the queue grows without end. */
export const formatAsa = (seconds: number) => (Number.isFinite(seconds) ? `${number(1).format(seconds)} s` : '∞');
