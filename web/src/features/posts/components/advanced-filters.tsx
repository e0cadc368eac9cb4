import { Button, Collapsible, CollapsibleContent, CollapsibleTrigger, Input, Label } from '@wfm/ui';
import { ChevronDown, SlidersHorizontal } from '@wfm/ui/icons';
import { lazy, Suspense, useId, useState } from 'react';
import type { WfmValues } from '../../../components/wfm-fields.tsx';
import type { FeedFilters } from '../utils/feed.ts';

/**
 * Collapsible panel: author name, From Date, To Date, Clear Filters; below them the contact-centre
 * (WFM) fields of issue 16, which the feed keeps in its address.
 */
/** Fetched when the panel first opens: the selects (Radix Select) are no part of the feed's first download. */
const WfmFieldSelects = lazy(async () => ({ default: (await import('../../../components/wfm-field-selects.tsx')).WfmFieldSelects }));

export function AdvancedFilters({
  filters,
  onChange,
  onClear,
  authorDisabled,
  wfm,
  onWfmChange,
}: {
  filters: FeedFilters;
  onChange: (filters: FeedFilters) => void;
  onClear: () => void;
  /** My Posts filters by the visitor, not by author name. */
  authorDisabled: boolean;
  wfm: WfmValues;
  onWfmChange: (wfm: WfmValues) => void;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const set = (key: keyof FeedFilters) => (event: { target: { value: string } }) =>
    onChange({ ...filters, [key]: event.target.value });

  return (
    <Collapsible open={open} onOpenChange={setOpen} className="rounded-lg border border-border bg-card">
      <CollapsibleTrigger asChild>
        <Button variant="ghost" className="w-full justify-between rounded-lg px-4">
          <span className="flex items-center gap-2">
            <SlidersHorizontal aria-hidden="true" />
            Advanced Filters
          </span>
          <ChevronDown className={open ? 'rotate-180 transition-transform' : 'transition-transform'} aria-hidden="true" />
        </Button>
      </CollapsibleTrigger>
      <CollapsibleContent className="grid gap-4 border-t border-border p-4">
        <div className="grid gap-4 sm:grid-cols-3">
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-author`}>Author name</Label>
            <Input
              id={`${id}-author`}
              value={filters.author}
              onChange={set('author')}
              placeholder="e.g. forecast_pro"
              maxLength={40}
              disabled={authorDisabled}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-from`}>From Date</Label>
            <Input id={`${id}-from`} type="date" value={filters.from} max={filters.to || undefined} onChange={set('from')} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-to`}>To Date</Label>
            <Input id={`${id}-to`} type="date" value={filters.to} min={filters.from || undefined} onChange={set('to')} />
          </div>
        </div>
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">Contact centre</legend>
          <Suspense fallback={<div className="min-h-24" />}>
            <WfmFieldSelects idPrefix={`${id}-wfm`} value={wfm} onChange={onWfmChange} noneLabel="Any" />
          </Suspense>
        </fieldset>
        <Button variant="outline" size="sm" className="justify-self-start" onClick={onClear}>
          Clear Filters
        </Button>
      </CollapsibleContent>
    </Collapsible>
  );
}
