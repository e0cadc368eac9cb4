// Benchmarks (document 2 §9): reference ranges, shown as they are.

export const BENCHMARKS = [
  { key: 'adherence', label: 'Schedule Adherence', min: 85, max: 95, unit: '%' },
  { key: 'forecast-accuracy', label: 'Forecast Accuracy', min: 80, max: 90, unit: '%' },
  { key: 'occupancy', label: 'Occupancy', min: 75, max: 85, unit: '%' },
  { key: 'attrition', label: 'Annual Attrition', min: 15, max: 25, unit: '%' },
  { key: 'service-level', label: 'Service Level', min: 80, max: 90, unit: '%' },
  { key: 'aht', label: 'Average Handle Time', min: 3, max: 8, unit: 'min' },
  { key: 'fcr', label: 'First Call Resolution', min: 70, max: 85, unit: '%' },
  { key: 'csat', label: 'Customer Satisfaction', min: 4.0, max: 4.5, unit: 'of 5' },
] as const;
