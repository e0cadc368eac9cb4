import { DEFAULT_PARAMS, SLIDERS, type ScenarioParams, type SliderKey } from './simulate.ts';

/** Slider values from a calculation card's link, each clamped to its range and step; null when none given. */
export function paramsFromQuery(query: URLSearchParams): ScenarioParams | null {
  const keys = Object.keys(SLIDERS) as SliderKey[];
  if (!keys.some((key) => query.has(key))) return null;
  const params = { ...DEFAULT_PARAMS };
  for (const key of keys) {
    const value = Number(query.get(key));
    if (!query.has(key) || !Number.isFinite(value)) continue;
    const { min, max, step } = SLIDERS[key];
    params[key] = Math.min(max, Math.max(min, Math.round((value - min) / step) * step + min));
  }
  return params;
}
