import { CalculatorsPage } from '../features/calculators/components/calculators-page.tsx';
import { usePageTitle } from '../hooks/use-page-title.ts';

export default function CalculatorsRoute() {
  usePageTitle('Quick Calculators');
  return <CalculatorsPage />;
}
