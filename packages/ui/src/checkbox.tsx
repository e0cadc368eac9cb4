import { Check, Minus } from './icons.tsx';
import { useState, type ComponentProps } from 'react';
import { cn } from './cn.ts';

export type CheckedState = boolean | 'indeterminate';

export interface CheckboxProps extends Omit<ComponentProps<'button'>, 'value' | 'onChange' | 'defaultChecked'> {
  checked?: CheckedState;
  defaultChecked?: CheckedState;
  onCheckedChange?: (checked: CheckedState) => void;
}

const stateOf = (checked: CheckedState) => (checked === 'indeterminate' ? 'indeterminate' : checked ? 'checked' : 'unchecked');

/**
 * A checkbox (role "checkbox"); label it with a <Label htmlFor> or aria-label. `checked="indeterminate"`
 * (some of a list chosen) shows a dash, not a tick. With Radix Checkbox's markup
 * (a button with aria-checked and data-state) but not its package: Radix's primitives were about
 * 6 KB of compressed JavaScript on the pages with a checkbox (issue 27 item 4).
 */
export function Checkbox({ className, checked: given, defaultChecked = false, onCheckedChange, disabled, onClick, onKeyDown, ...props }: CheckboxProps) {
  const [own, setOwn] = useState(defaultChecked);
  const checked = given ?? own;
  const state = stateOf(checked);
  return (
    <button
      type="button"
      role="checkbox"
      aria-checked={checked === 'indeterminate' ? 'mixed' : checked}
      data-state={state}
      data-disabled={disabled ? '' : undefined}
      disabled={disabled}
      value="on"
      className={cn(
        'peer grid size-4 shrink-0 place-content-center rounded-sm border border-primary shadow-sm',
        'focus-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
        'disabled:cursor-not-allowed disabled:opacity-50',
        'data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground',
        'data-[state=indeterminate]:bg-primary data-[state=indeterminate]:text-primary-foreground',
        className,
      )}
      {...props}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        // A checkbox toggles on Space only (WAI-ARIA); Enter would also submit a form around it.
        if (event.key === 'Enter') event.preventDefault();
      }}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented) return;
        const next = checked === 'indeterminate' ? true : !checked;
        if (given === undefined) setOwn(next);
        onCheckedChange?.(next);
      }}
    >
      {checked !== false && (
        <span data-state={state} className="grid place-content-center text-current" style={{ pointerEvents: 'none' }}>
          {checked === 'indeterminate' ? (
            <Minus className="size-3.5" strokeWidth={3} aria-hidden="true" />
          ) : (
            <Check className="size-3.5" strokeWidth={3} aria-hidden="true" />
          )}
        </span>
      )}
    </button>
  );
}
