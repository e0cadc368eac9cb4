import { z } from 'zod';
import { CALCULATION_FENCE } from './calculation-fence.ts';

/**
 * A calculation shared into a post: a fenced ```wfm-calculation block holding JSON data only —
 * which calculator, its inputs and the figures it showed. The post page renders a valid block as a
 * card whose "Open in calculator" link reloads the inputs; anything else stays plain code.
 */

export const CALCULATORS = ['shrinkage', 'staffing', 'attrition', 'cost', 'simulator'] as const;
export type CalculatorKind = (typeof CALCULATORS)[number];

export const CALCULATOR_TITLES: Record<CalculatorKind, string> = {
  shrinkage: 'Shrinkage calculation',
  staffing: 'Staffing calculation',
  attrition: 'Attrition calculation',
  cost: 'Cost calculation',
  simulator: 'Scenario simulation',
};

const InputValue = z.union([z.number().finite(), z.string().regex(/^[a-z]{1,20}$/)]);

export const CalculationCard = z.strictObject({
  v: z.literal(1),
  calculator: z.enum(CALCULATORS),
  inputs: z.record(z.string().regex(/^[a-zA-Z]{1,30}$/), InputValue).refine((r) => Object.keys(r).length <= 20),
  results: z
    .array(z.strictObject({ label: z.string().min(1).max(60), value: z.string().min(1).max(60) }))
    .min(1)
    .max(16),
});
export type CalculationCard = z.infer<typeof CalculationCard>;

/** The card's data from a fenced block's text, or null when it is not a valid card. */
export function parseCalculationCard(text: string): CalculationCard | null {
  try {
    const result = CalculationCard.safeParse(JSON.parse(text));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

export function calculationFence(card: CalculationCard): string {
  return `\`\`\`${CALCULATION_FENCE}\n${JSON.stringify(card)}\n\`\`\``;
}

/** Where "Open in calculator" goes: the calculator's page with every input in the query. */
export function calculatorHref(card: CalculationCard): string {
  const query = new URLSearchParams();
  if (card.calculator !== 'simulator') query.set('tab', card.calculator);
  for (const [key, value] of Object.entries(card.inputs)) query.set(key, String(value));
  return `/${card.calculator === 'simulator' ? 'simulator' : 'calculators'}?${query.toString()}`;
}

/**
 * The /new link of "Share to community": a Question whose body explains the calculation and
 * carries it as a card block, titled with the headline figure.
 */
export function shareHref(card: CalculationCard, headline: string): string {
  const body = [
    `I ran this through the ${CALCULATOR_TITLES[card.calculator].toLowerCase()}. Does it match what you see?`,
    '',
    calculationFence(card),
  ].join('\n');
  const query = new URLSearchParams({
    type: 'Question',
    title: `${CALCULATOR_TITLES[card.calculator]}: ${headline}`.slice(0, 120),
    body,
    tags: card.calculator === 'simulator' ? 'capacity' : card.calculator,
  });
  return `/new?${query.toString()}`;
}
