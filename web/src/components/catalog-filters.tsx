import { Input, Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@wfm/ui';
import { Search } from '@wfm/ui/icons';
import type { ReactNode } from 'react';

export const ALL_CATEGORIES = 'all';

type Choice = { value: string; label: string };

/**
 * The search box, category filter and sort of a catalog list (tools, templates, polls). The
 * search is optional; the caller debounces what it sends.
 */
export function CatalogFilters({
  label,
  search,
  category,
  categories,
  sort,
  sorts,
  actions,
}: {
  label: string;
  search?: { value: string; onChange: (value: string) => void; placeholder: string };
  category: { value: string; onChange: (value: string) => void };
  categories: readonly Choice[];
  sort: { value: string; onChange: (value: string) => void };
  sorts: readonly Choice[];
  actions?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-2 lg:flex-row lg:items-center" role="group" aria-label={label}>
      {search && (
        <div className="relative min-w-0 flex-1">
          <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
          <Input
            type="search"
            value={search.value}
            onChange={(event) => search.onChange(event.target.value)}
            placeholder={search.placeholder}
            aria-label={search.placeholder}
            className="pl-9"
            maxLength={200}
          />
        </div>
      )}
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-center">
        <Select value={category.value} onValueChange={category.onChange}>
          <SelectTrigger aria-label="Category" className="sm:w-52">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL_CATEGORIES}>All Categories</SelectItem>
            {categories.map((choice) => (
              <SelectItem key={choice.value} value={choice.value}>
                {choice.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Select value={sort.value} onValueChange={sort.onChange}>
          <SelectTrigger aria-label="Sort" className="sm:w-44">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {sorts.map((choice) => (
              <SelectItem key={choice.value} value={choice.value}>
                {choice.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        {actions}
      </div>
    </div>
  );
}
