import type { ComponentProps } from 'react';
import { cn } from './cn.ts';

/** Component classes in theme.css, one per variant. */
const variants = {
  default: 'btn-default',
  secondary: 'btn-secondary',
  outline: 'btn-outline',
  ghost: 'btn-ghost',
  destructive: 'btn-destructive',
  link: 'btn-link',
} as const;

const sizes = {
  default: 'h-9 px-4 py-2',
  sm: 'h-8 px-3 text-xs',
  lg: 'h-10 px-6',
  icon: 'h-9 w-9',
} as const;

export type ButtonVariant = keyof typeof variants;
export type ButtonSize = keyof typeof sizes;

/** Class names of a button, for links and triggers that must look like one. */
export function buttonClasses(
  opts: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {},
): string {
  return cn(
    // `.btn` and `btn-icons` (theme.css): the base, and the icons' size, which beats an icon's own size class.
    'btn btn-icons',
    variants[opts.variant ?? 'default'],
    sizes[opts.size ?? 'default'],
    opts.className,
  );
}

export type ButtonProps = ComponentProps<'button'> & { variant?: ButtonVariant; size?: ButtonSize };

export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClasses({ variant, size, className })} {...props} />;
}
