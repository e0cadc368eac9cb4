import { POST_LIMITS } from '@wfm/contracts/forum/posts';
import { Label, Tabs, TabsContent, TabsList, TabsTrigger, Textarea } from '@wfm/ui';
import { useId } from 'react';
import { LazyMarkdown } from '../../../components/lazy-markdown.tsx';
import { formatDecimal } from '../../../lib/en-us-format.ts';

export function counterText(length: number, max: number): string {
  return `${formatDecimal(length)}/${formatDecimal(max)} characters`;
}

/** The post body with a Markdown Edit / Preview toggle and its counter. */
export function ContentEditor({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <Tabs defaultValue="edit" className="grid gap-2">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <Label htmlFor={`${id}-body`}>Content</Label>
        <TabsList aria-label="Editor mode" className="h-8">
          <TabsTrigger value="edit" className="py-1 text-xs">
            Edit
          </TabsTrigger>
          <TabsTrigger value="preview" className="py-1 text-xs">
            Preview
          </TabsTrigger>
        </TabsList>
      </div>
      <TabsContent value="edit">
        <Textarea
          id={`${id}-body`}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          maxLength={POST_LIMITS.body}
          rows={12}
          placeholder="Describe your question, idea or tool. Markdown is supported: # headings, **bold**, *italic*, `code`, [links](https://...)."
          aria-describedby={`${id}-counter`}
          className="font-mono text-[0.85rem]"
        />
      </TabsContent>
      <TabsContent value="preview">
        <div className="min-h-64 rounded-md border border-border p-3" data-testid="content-preview">
          {value.trim() ? (
            <LazyMarkdown>{value}</LazyMarkdown>
          ) : (
            <p className="text-sm text-muted-foreground">Nothing to preview yet.</p>
          )}
        </div>
      </TabsContent>
      <p id={`${id}-counter`} className="text-xs text-muted-foreground tabular-nums">
        {counterText(value.length, POST_LIMITS.body)}
      </p>
    </Tabs>
  );
}
