import type { PaymentMethod, SessionPricing } from '@wfm/contracts/ama/api';
import { BANK_TRANSFER_TEXT } from '../messages.ts';
import { formatPrice, parsePaymentMethods } from '../utils/session-display.ts';

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="break-all font-medium">{value}</dd>
    </div>
  );
}

/** What to pay and where, for the chosen method (§2): PayPal, GCash, or ask the administrator. */
export function PaymentInstructions({ method, pricing }: { method: PaymentMethod; pricing: SessionPricing | undefined }) {
  if (method === 'bank_transfer') {
    return <p className="text-sm" data-testid="payment-instructions">{BANK_TRANSFER_TEXT}</p>;
  }
  if (!pricing) {
    return (
      <p className="text-sm text-muted-foreground" data-testid="payment-instructions">
        Pricing is not set for this session yet. Please contact the administrator for payment details.
      </p>
    );
  }
  const methods = parsePaymentMethods(pricing.payment_methods);
  const amount = formatPrice(pricing.price, pricing.currency);

  if (method === 'paypal') {
    const paypal = methods.paypal;
    return (
      <div className="grid gap-2 text-sm" data-testid="payment-instructions">
        <p className="font-semibold">PayPal Payment</p>
        {paypal.email ? (
          <dl className="grid gap-1">
            <Row label="PayPal Email" value={paypal.email} />
            <Row label="Amount" value={`${amount} ${pricing.currency}`} />
          </dl>
        ) : (
          <p className="text-muted-foreground">PayPal is not set up for this session. Please contact the administrator.</p>
        )}
        {paypal.instructions && <p className="whitespace-pre-line text-muted-foreground">{paypal.instructions}</p>}
      </div>
    );
  }

  const gcash = methods.gcash;
  return (
    <div className="grid gap-2 text-sm" data-testid="payment-instructions">
      <p className="font-semibold">GCash Payment</p>
      {gcash.number ? (
        <dl className="grid gap-1">
          <Row label="Mobile Number" value={gcash.number} />
          {gcash.name && <Row label="Account Name" value={gcash.name} />}
          <Row label="Amount" value={`${amount} ${pricing.currency}`} />
        </dl>
      ) : (
        <p className="text-muted-foreground">GCash is not set up for this session. Please contact the administrator.</p>
      )}
      {gcash.instructions && <p className="whitespace-pre-line text-muted-foreground">{gcash.instructions}</p>}
    </div>
  );
}
