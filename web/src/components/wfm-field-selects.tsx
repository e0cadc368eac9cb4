import { Label, Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@wfm/ui';
import { WFM_FIELDS, type WfmValues } from './wfm-fields.tsx';

// Apart from wfm-fields.tsx: the chips of a post (post page, feed) read the fields' labels without
// the selects (Radix Select, about 30 KB compressed with its layers) in their first download.
/** Select for "none" (the form) or "any" (the filters): Radix items need a non-empty value. */
const NONE = '__none__';

/** One select per WFM field, in a responsive grid. `noneLabel` names the empty choice. */
export function WfmFieldSelects({
  idPrefix,
  value,
  onChange,
  noneLabel,
}: {
  idPrefix: string;
  value: WfmValues;
  onChange: (next: WfmValues) => void;
  noneLabel: string;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {WFM_FIELDS.map((field) => {
        const id = `${idPrefix}-${field.key}`;
        const current = value[field.key];
        return (
          <div key={field.key} className="grid min-w-0 gap-1.5">
            <Label htmlFor={id}>{field.label}</Label>
            <Select
              value={current ?? NONE}
              onValueChange={(next) => onChange({ ...value, [field.key]: next === NONE ? undefined : next })}
            >
              <SelectTrigger id={id} className="w-full min-w-0">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={NONE}>{noneLabel}</SelectItem>
                {field.values.map((option) => (
                  <SelectItem key={option} value={option}>
                    {(field.labels as Record<string, string>)[option]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        );
      })}
    </div>
  );
}
