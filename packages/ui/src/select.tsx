import { ChevronDown } from './icons.tsx';
import { Children, isValidElement, type ComponentProps, type ReactElement, type ReactNode } from 'react';
import { cn } from './cn.ts';

/**
 * A native `<select>` behind the compound API the pages were written against (Radix Select's):
 * `<Select value onValueChange><SelectTrigger id|aria-label><SelectValue placeholder/></SelectTrigger>
 * <SelectContent><SelectItem value>…</SelectItem></SelectContent></Select>`. SelectTrigger,
 * SelectValue, SelectContent and SelectItem render nothing themselves: Select reads their props and
 * draws one `<select>` (role "combobox", its options the items). Radix Select and its layers were
 * about 25 KB of compressed JavaScript on every page with a filter or a form (issue 27); the
 * browser's own control needs none, works at first paint and keeps the keyboard and screen
 * reader behaviour of the platform.
 */
export interface SelectProps {
  /** The chosen item's value; none (or one no item has) shows the placeholder. Always controlled. */
  value?: string;
  onValueChange?: (value: string) => void;
  disabled?: boolean;
  name?: string;
  required?: boolean;
  children?: ReactNode;
}

/** The closed select: give it an id for a <Label htmlFor>, or an aria-label. Its className sizes the control. */
export type SelectTriggerProps = Omit<ComponentProps<'select'>, 'value' | 'defaultValue' | 'onChange' | 'children' | 'multiple'> & {
  children?: ReactNode;
};

export function SelectTrigger(_props: SelectTriggerProps): null {
  return null;
}

/** What the closed select shows while no item is chosen. */
export function SelectValue(_props: { placeholder?: string }): null {
  return null;
}

export function SelectContent(_props: { children?: ReactNode }): null {
  return null;
}

export function SelectGroup(_props: { children?: ReactNode }): null {
  return null;
}

export interface SelectItemProps {
  value: string;
  disabled?: boolean;
  children?: ReactNode;
}

export function SelectItem(_props: SelectItemProps): null {
  return null;
}

function elementsOf<P>(children: ReactNode, type: (props: P) => null): ReactElement<P>[] {
  return Children.toArray(children).filter((c): c is ReactElement<P> => isValidElement(c) && c.type === type);
}

/** The items of a SelectContent, groups flattened. */
function itemsOf(children: ReactNode): SelectItemProps[] {
  return Children.toArray(children).flatMap((child) => {
    if (!isValidElement<{ children?: ReactNode }>(child)) return [];
    if (child.type === SelectItem) return [child.props as SelectItemProps];
    return itemsOf(child.props.children);
  });
}

/** An option's text: `<option>` holds text only, so a label built of pieces is joined here. */
function textOf(node: ReactNode): string {
  return Children.toArray(node)
    .map((part) => (typeof part === 'string' || typeof part === 'number' ? String(part) : ''))
    .join('');
}

export function Select({ value, onValueChange, disabled, name, required, children }: SelectProps) {
  const trigger: SelectTriggerProps = elementsOf(children, SelectTrigger)[0]?.props ?? {};
  const { className, children: triggerChildren, ...selectProps } = trigger;
  const placeholder = elementsOf(triggerChildren, SelectValue)[0]?.props.placeholder;
  const items = elementsOf(children, SelectContent).flatMap((content) => itemsOf(content.props.children));
  const chosen = value !== undefined && items.some((item) => item.value === value);
  return (
    <div className={cn('relative w-full', className)}>
      <select
        {...selectProps}
        value={chosen ? value : ''}
        name={name}
        required={required}
        disabled={disabled || selectProps.disabled}
        onChange={(event) => onValueChange?.(event.target.value)}
        className={cn(
          'flex h-9 w-full appearance-none truncate rounded-md border border-input bg-background py-1 pl-3 pr-8 text-sm shadow-sm',
          'focus-ring disabled:cursor-not-allowed disabled:opacity-50',
          'aria-invalid:border-destructive [&>option]:bg-card [&>option]:text-card-foreground',
          !chosen && 'text-muted-foreground',
        )}
      >
        {!chosen && (
          <option value="" disabled hidden>
            {placeholder ?? ''}
          </option>
        )}
        {items.map((item) => (
          <option key={item.value} value={item.value} disabled={item.disabled}>
            {textOf(item.children)}
          </option>
        ))}
      </select>
      <ChevronDown className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 opacity-60" aria-hidden="true" />
    </div>
  );
}
