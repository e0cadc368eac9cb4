import { Label } from '@wfm/ui';
import { SLIDERS, type SliderKey } from '../lib/simulate.ts';

const signed = (value: number, unit: string) => (unit === '%' && value > 0 ? `+${value}%` : `${value}${unit}`);

/** A labelled range input (arrow keys move it by its step) with its value in words. */
export function ScenarioSlider({ id, name, value, onChange, disabled }: { id: string; name: SliderKey; value: number; onChange: (value: number) => void; disabled?: boolean }) {
  const slider = SLIDERS[name];
  const shown = name === 'targetSl' ? `${value}%` : signed(value, slider.unit);
  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between gap-3">
        <Label htmlFor={id}>{slider.label}</Label>
        <output htmlFor={id} className="text-sm font-semibold tabular-nums" data-testid={`${name}-value`}>
          {shown}
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={slider.min}
        max={slider.max}
        step={slider.step}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(Number(event.target.value))}
        aria-valuetext={shown}
        className="h-2 w-full cursor-pointer accent-[var(--color-primary)] disabled:cursor-not-allowed"
      />
      <div className="flex justify-between text-xs text-muted-foreground" aria-hidden="true">
        <span>{name === 'targetSl' ? `${slider.min}%` : signed(slider.min, slider.unit)}</span>
        <span>{name === 'targetSl' ? `${slider.max}%` : signed(slider.max, slider.unit)}</span>
      </div>
    </div>
  );
}
