import { render, screen } from '@testing-library/react';
import { MemoryRouter } from '../src/lib/router.tsx';
import { describe, expect, it } from 'vitest';
import { MarkdownContent } from '../src/components/markdown.tsx';
import { calculationFence, calculatorHref, parseCalculationCard, shareHref, type CalculationCard } from '../src/lib/calculation-card.ts';

const card: CalculationCard = {
  v: 1,
  calculator: 'staffing',
  inputs: { dailyVolume: 1600, ahtSeconds: 180 },
  results: [{ label: 'Required agents', value: '14' }],
};

describe('calculation cards', () => {
  it('a valid block renders as a card with "Open in calculator"', () => {
    render(
      <MemoryRouter>
        <MarkdownContent>{`Look:\n\n${calculationFence(card)}`}</MarkdownContent>
      </MemoryRouter>,
    );
    expect(screen.getByRole('group', { name: 'Staffing calculation' })).toHaveTextContent('Required agents14');
    expect(screen.getByRole('link', { name: 'Open in calculator' })).toHaveAttribute(
      'href',
      '/calculators?tab=staffing&dailyVolume=1600&ahtSeconds=180',
    );
  });

  it('anything that is not valid card data stays plain text', () => {
    const hostile = '```wfm-calculation\n{"v":1,"calculator":"staffing","inputs":{"x":"<script>"},"results":[{"label":"a","value":"b"}]}\n```';
    render(
      <MemoryRouter>
        <MarkdownContent>{hostile}</MarkdownContent>
      </MemoryRouter>,
    );
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
    expect(parseCalculationCard('not json')).toBeNull();
    expect(parseCalculationCard(JSON.stringify({ ...card, extra: 1 }))).toBeNull();
    expect(parseCalculationCard(JSON.stringify({ ...card, calculator: 'javascript' }))).toBeNull();
  });

  it('share links open a prefilled Question; the simulator card opens /simulator', () => {
    const url = new URL(shareHref(card, '14 agents'), 'http://x');
    expect(url.searchParams.get('type')).toBe('Question');
    expect(url.searchParams.get('title')).toBe('Staffing calculation: 14 agents');
    expect(parseCalculationCard(url.searchParams.get('body')!.split('\n').at(-2)!)).toEqual(card);
    expect(calculatorHref({ ...card, calculator: 'simulator', inputs: { volumeChange: 40 } })).toBe('/simulator?volumeChange=40');
  });
});
