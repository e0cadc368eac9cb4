import { ComingSoon } from '../components/coming-soon.tsx';

export default function SimulatorPage() {
  return (
    <ComingSoon
      title="Scenario Simulator"
      intro="What-if analysis of a baseline staffing situation will live here soon."
    />
  );
}
