import { ComingSoon } from '../components/coming-soon.tsx';

export default function CalculatorsPage() {
  return (
    <ComingSoon
      title="Quick Calculators"
      intro="Shrinkage, staffing, attrition and cost calculators will live here soon."
    />
  );
}
