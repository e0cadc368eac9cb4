import { JOB_CATEGORIES, JOB_TYPES, type JobCategory, type JobType } from '@wfm/contracts/jobs/api';
import { Checkbox, Input, Label, Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@wfm/ui';
import { Search } from '@wfm/ui/icons';
import { useId } from 'react';

export const ALL = 'All';

export interface JobFilterState {
  search: string;
  category: JobCategory | typeof ALL;
  jobType: JobType | typeof ALL;
  showsPay: boolean;
}

export const NO_JOB_FILTERS: JobFilterState = { search: '', category: ALL, jobType: ALL, showsPay: false };

export const isFiltered = (f: JobFilterState): boolean =>
  f.search.trim() !== '' || f.category !== ALL || f.jobType !== ALL || f.showsPay;

function FilterSelect<T extends string>({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: T | typeof ALL;
  options: readonly T[];
  onChange: (value: T | typeof ALL) => void;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </Label>
      <Select value={value} onValueChange={(next) => onChange(next as T | typeof ALL)}>
        <SelectTrigger id={id} className="sm:w-52">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>{ALL}</SelectItem>
          {options.map((option) => (
            <SelectItem key={option} value={option}>
              {option}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/** Search (title, company or location), category and job type with All, and "Shows pay". */
export function JobFilters({ value, onChange }: { value: JobFilterState; onChange: (next: JobFilterState) => void }) {
  const id = useId();
  return (
    <div className="grid gap-3 rounded-lg border border-border bg-card p-3 sm:p-4" role="search" aria-label="Search jobs">
      <div className="relative">
        <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
        <Input
          type="search"
          aria-label="Search jobs by title, company or location"
          placeholder="Search by title, company or location"
          value={value.search}
          maxLength={200}
          onChange={(event) => onChange({ ...value, search: event.target.value })}
          className="pl-9"
        />
      </div>
      <div className="grid grid-cols-1 gap-3 sm:flex sm:flex-wrap sm:items-end">
        <FilterSelect
          id={`${id}-category`}
          label="Category"
          value={value.category}
          options={JOB_CATEGORIES}
          onChange={(category) => onChange({ ...value, category })}
        />
        <FilterSelect
          id={`${id}-type`}
          label="Job type"
          value={value.jobType}
          options={JOB_TYPES}
          onChange={(jobType) => onChange({ ...value, jobType })}
        />
        <div className="flex h-9 items-center gap-2">
          <Checkbox
            id={`${id}-pay`}
            checked={value.showsPay}
            onCheckedChange={(checked) => onChange({ ...value, showsPay: checked === true })}
            data-replay-click="jobs-shows-pay"
          />
          <Label htmlFor={`${id}-pay`}>Shows pay</Label>
        </div>
      </div>
    </div>
  );
}
