import { formatDecimal, formatUsd } from '../../../lib/en-us-format.ts';

export const formatNumber = (value: number, decimals = 0) => formatDecimal(value, decimals, decimals);
export const formatPercent = (value: number, decimals = 1) => `${formatDecimal(value, decimals, decimals)}%`;
/** A 0-1 share as a percentage. */
export const formatShare = (share: number, decimals = 1) => formatPercent(share * 100, decimals);
export const formatMoney = (value: number) => formatUsd(value);
/** Average speed of answer: seconds to one decimal; ∞ when the queue grows without end. */
export const formatAsa = (seconds: number) => (Number.isFinite(seconds) ? `${formatDecimal(seconds, 1, 1)} s` : '∞');
