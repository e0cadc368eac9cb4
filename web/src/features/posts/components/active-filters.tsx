import { Button } from '@wfm/ui';
import { X } from '@wfm/ui/icons';

export type ActiveFilter = { key: string; label: string; onRemove: () => void };

/** One chip per filter in use, each removable, and Clear All. */
export function ActiveFilters({ filters, onClearAll }: { filters: ActiveFilter[]; onClearAll: () => void }) {
  if (filters.length === 0) return null;
  return (
    <section aria-label="Active filters" className="flex flex-wrap items-center gap-2 text-sm">
      <span className="text-muted-foreground">Active filters:</span>
      {filters.map((filter) => (
        <span key={filter.key} className="inline-flex max-w-full items-center gap-1 rounded-full bg-secondary py-0.5 pl-3 pr-1 text-xs">
          <span className="truncate">{filter.label}</span>
          <button
            type="button"
            onClick={filter.onRemove}
            aria-label={`Remove filter ${filter.label}`}
            className="rounded-full p-0.5 hover:bg-accent focus-ring"
          >
            <X className="size-3" aria-hidden="true" />
          </button>
        </span>
      ))}
      <Button variant="link" size="sm" className="h-auto px-1" onClick={onClearAll}>
        Clear All
      </Button>
    </section>
  );
}
