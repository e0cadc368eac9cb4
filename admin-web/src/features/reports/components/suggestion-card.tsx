import type { AdminFeatureSuggestion } from '@wfm/contracts/forum';
import { Badge, Card } from '@wfm/ui';
import { ExpandableText } from '../../../components/expandable-text.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { reportStatus, suggestionReference } from '../labels.ts';

export function SuggestionCard({ suggestion }: { suggestion: AdminFeatureSuggestion }) {
  const reference = suggestionReference(suggestion);
  const contact = [suggestion.email, suggestion.contact_method].filter(Boolean).join(' · ');
  return (
    <Card className="grid gap-2 p-4" role="article" aria-label={`Feature suggestion ${reference}`}>
      <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
        <span className="font-mono font-medium text-foreground">{reference}</span>
        <Badge variant={reportStatus(suggestion.status) === 'New' ? 'default' : 'secondary'}>
          {reportStatus(suggestion.status)}
        </Badge>
        <Badge variant={suggestion.priority === 'High' ? 'destructive' : 'secondary'}>{suggestion.priority}</Badge>
        {suggestion.duplicate && <Badge variant="destructive" title="Several other visitors sent the same text within an hour">Duplicate</Badge>}
        <time className="ml-auto" dateTime={new Date(suggestion.created_at).toISOString()}>
          {formatDateTime(suggestion.created_at)}
        </time>
      </div>
      <h3 className="font-semibold leading-snug">{suggestion.title}</h3>
      <ExpandableText text={suggestion.description} className="text-sm" />
      <p className="text-xs text-muted-foreground">
        By {suggestion.author_name}
        {contact && <> · Contact: {contact}</>}
      </p>
    </Card>
  );
}
