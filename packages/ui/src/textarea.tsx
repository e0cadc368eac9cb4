import type { ComponentProps } from 'react';
import { cn } from './cn.ts';

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      className={cn(
        'field min-h-20 py-2',
        className,
      )}
      {...props}
    />
  );
}
