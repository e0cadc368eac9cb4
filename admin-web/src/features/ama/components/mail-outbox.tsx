import { Badge } from '@wfm/ui';
import { ExpandableText } from '../../../components/expandable-text.tsx';
import { EmptyState } from '../../../components/query-state.tsx';
import { ResourceTable } from '../../../components/resource-table.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useEmails } from '../api/receipts.ts';

/** The emails of a session's bookings. */
export function MailOutbox({ sessionId }: { sessionId: number }) {
  const emails = useEmails(sessionId);
  return (
    <section className="grid gap-2" aria-labelledby="outbox-heading">
      <h3 id="outbox-heading" className="font-semibold">
        Mail outbox
      </h3>
      <p className="text-xs text-muted-foreground">
        The emails of this session's bookings: sent through SMTP when it is configured, else kept here.
      </p>
      <ResourceTable
        query={emails}
        rows={emails.data}
        loadingLabel="Loading emails"
        errorTitle="Failed to load emails"
        empty={<EmptyState title="No emails yet" />}
        rowKey={(mail) => mail.id}
        columns={[
          {
            id: 'subject',
            header: 'Email',
            cell: (mail) => (
              <div className="grid gap-0.5">
                <span className="font-medium">{mail.subject}</span>
                <span className="break-all text-xs text-muted-foreground">to {mail.to}</span>
                <ExpandableText text={mail.text} />
              </div>
            ),
          },
          {
            id: 'delivery',
            header: 'Delivery',
            className: 'hidden sm:table-cell',
            cell: (mail) => (
              <div className="grid justify-items-start gap-1">
                <Badge variant={mail.delivery === 'failed' ? 'destructive' : mail.delivery === 'sent' ? 'success' : 'secondary'}>
                  {mail.delivery === 'capped' ? 'not sent (daily limit)' : mail.delivery}
                </Badge>
                <span className="whitespace-nowrap text-xs text-muted-foreground">{formatDateTime(mail.created_at)}</span>
              </div>
            ),
          },
        ]}
      />
    </section>
  );
}
