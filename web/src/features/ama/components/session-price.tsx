import { AMA_MESSAGES, type AmaSession } from '@wfm/contracts/ama/api';
import { usePricing } from '../api/get-pricing.ts';
import { formatPrice } from '../utils/session-display.ts';

/** The price of a session from its pricing: "Loading pricing...", the price, or "Pricing not set" (§2, §8). */
export function SessionPrice({ session, className }: { session: Pick<AmaSession, 'id' | 'price'>; className?: string }) {
  const { pricing, loading } = usePricing(session);
  const text = loading ? AMA_MESSAGES.loadingPricing : pricing ? formatPrice(pricing.price, pricing.currency) : AMA_MESSAGES.pricingNotSet;
  return (
    <span className={className} data-testid="session-price">
      {text}
    </span>
  );
}
