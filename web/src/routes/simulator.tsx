import { SimulatorPage } from '../features/simulator/components/simulator-page.tsx';
import { usePageTitle } from '../hooks/use-page-title.ts';

export default function SimulatorRoute() {
  usePageTitle('Scenario Simulator');
  return <SimulatorPage />;
}
