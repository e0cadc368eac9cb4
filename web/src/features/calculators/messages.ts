/** Toast texts of spec 2 §8 (calculators). */
export const CALCULATOR_TOASTS = {
  invalidTitle: 'Invalid input',
  shrinkage: 'Shrinkage calculated!',
  staffing: 'Staffing calculated!',
  attrition: 'Attrition calculated!',
  cost: 'Cost calculated!',
} as const;
