import { SUGGESTION_LIMITS } from '@wfm/contracts/forum/suggestions';
import { Input, Label, Textarea } from '@wfm/ui';

/** Title and description with its live counter, shared by both dialogs. */
export function SuggestionFields({
  id,
  title,
  description,
  onTitleChange,
  onDescriptionChange,
}: {
  id: string;
  title: string;
  description: string;
  onTitleChange: (value: string) => void;
  onDescriptionChange: (value: string) => void;
}) {
  return (
    <>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-title`}>Title</Label>
        <Input
          id={`${id}-title`}
          value={title}
          onChange={(event) => onTitleChange(event.target.value)}
          maxLength={SUGGESTION_LIMITS.title}
          placeholder="A short summary of your idea"
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-description`}>Description</Label>
        <Textarea
          id={`${id}-description`}
          value={description}
          onChange={(event) => onDescriptionChange(event.target.value)}
          maxLength={SUGGESTION_LIMITS.description}
          rows={4}
          placeholder="What should it do, and how would it help you?"
          aria-describedby={`${id}-description-counter`}
        />
        <p id={`${id}-description-counter`} className="text-right text-xs text-muted-foreground tabular-nums">
          {description.length}/{SUGGESTION_LIMITS.description}
        </p>
      </div>
    </>
  );
}
