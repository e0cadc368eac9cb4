import { POST_TYPES, type PostType } from '@wfm/contracts/forum/posts';
import { POST_TYPE_LABELS } from '@wfm/contracts/forum/labels';
import { cn } from '@wfm/ui';
import { CircleHelp, Lightbulb, Wrench, type IconComponent } from '@wfm/ui/icons';

const ICONS: Record<PostType, IconComponent> = { Question: CircleHelp, Idea: Lightbulb, Tool: Wrench };

/** Ask for Help = Question, Share an Idea = Idea, Recommend Tool = Tool. */
export function PostTypePicker({ value, onChange }: { value: PostType; onChange: (type: PostType) => void }) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">What would you like to do?</legend>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
        {POST_TYPES.map((type) => {
          const Icon = ICONS[type];
          const checked = value === type;
          return (
            <label
              key={type}
              className={cn(
                'flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2.5 text-sm font-medium transition-colors',
                'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                checked ? 'border-primary bg-primary/10 text-foreground' : 'border-border hover:bg-accent',
              )}
            >
              <input
                type="radio"
                name="post-type"
                value={type}
                checked={checked}
                onChange={() => onChange(type)}
                className="sr-only"
              />
              <Icon className={cn('size-4', checked ? 'text-primary' : 'text-muted-foreground')} aria-hidden="true" />
              {POST_TYPE_LABELS[type]}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
