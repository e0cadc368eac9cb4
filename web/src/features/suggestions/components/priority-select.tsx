import { SUGGESTION_PRIORITIES, type SuggestionPriority } from '@wfm/contracts/forum/suggestions';
import { SUGGESTION_PRIORITY_LABELS } from '@wfm/contracts/forum/labels';
import { Label, Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@wfm/ui';

export function PrioritySelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: SuggestionPriority;
  onChange: (value: SuggestionPriority) => void;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Priority</Label>
      <Select value={value} onValueChange={(next) => onChange(next as SuggestionPriority)}>
        <SelectTrigger id={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {SUGGESTION_PRIORITIES.map((priority) => (
            <SelectItem key={priority} value={priority}>
              {SUGGESTION_PRIORITY_LABELS[priority]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
