import * as CheckboxPrimitive from '@radix-ui/react-checkbox';
import { Check } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from './cn.ts';

type CheckboxProps = Omit<ComponentProps<typeof CheckboxPrimitive.Root>, 'name' | 'form' | 'value'>;

/**
 * A checkbox (role "checkbox"); label it with a <Label htmlFor> or aria-label.
 *
 * Radix's provider and trigger rather than its Root: the Root adds a hidden input inside a <form>
 * for native form submission, which our forms do not use (they read React state), and that input
 * measures the box in a layout effect on mount, forcing a layout of the whole page inside React's
 * first commit (the longest task of a phone's visit to an AMA session page). Hence no `name`,
 * `form` or `value`.
 */
export function Checkbox({ className, checked, defaultChecked, onCheckedChange, disabled, required, ...props }: CheckboxProps) {
  return (
    <CheckboxPrimitive.unstable_CheckboxProvider
      checked={checked}
      defaultChecked={defaultChecked}
      onCheckedChange={onCheckedChange}
      disabled={disabled}
      required={required}
    >
      <CheckboxPrimitive.unstable_CheckboxTrigger
        className={cn(
          'peer grid size-4 shrink-0 place-content-center rounded-sm border border-primary shadow-sm',
          'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
          'disabled:cursor-not-allowed disabled:opacity-50',
          'data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground',
          className,
        )}
        {...props}
      >
        <CheckboxPrimitive.Indicator className="grid place-content-center text-current">
          <Check className="size-3.5" strokeWidth={3} aria-hidden="true" />
        </CheckboxPrimitive.Indicator>
      </CheckboxPrimitive.unstable_CheckboxTrigger>
    </CheckboxPrimitive.unstable_CheckboxProvider>
  );
}
