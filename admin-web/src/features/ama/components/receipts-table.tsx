import type { StaffReceipt, StaffSession } from '@wfm/contracts/ama';
import { Badge, Button, type BadgeVariant } from '@wfm/ui';
import { Eye } from '@wfm/ui/icons';
import { useState } from 'react';
import { ExpandableText } from '../../../components/expandable-text.tsx';
import { EmptyState } from '../../../components/query-state.tsx';
import { ResourceTable } from '../../../components/resource-table.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { receiptFileHref, useReceipts } from '../api/receipts.ts';
import { ReceiptDialog, type ReceiptAction } from './receipt-dialog.tsx';

const RECEIPT_VARIANTS: Record<StaffReceipt['validation_status'], BadgeVariant> = {
  pending: 'secondary',
  approved: 'success',
  rejected: 'destructive',
};

/** A session's payment receipts: view, approve, reject, notes. */
export function ReceiptsTable({ session, staffName }: { session: StaffSession; staffName: string }) {
  const receipts = useReceipts(session.id);
  const [open, setOpen] = useState<{ receipt: StaffReceipt; action: ReceiptAction } | null>(null);
  return (
    <>
      <ResourceTable
        query={receipts}
        rows={receipts.data}
        loadingLabel="Loading receipts"
        errorTitle="Failed to load receipts"
        empty={<EmptyState title="No receipts uploaded yet" />}
        rowKey={(receipt) => receipt.id}
        rowLabel={(receipt) => `Receipt of ${receipt.participant_name}`}
        columns={[
          {
            id: 'receipt',
            header: 'Receipt',
            cell: (receipt) => (
              <div className="grid gap-0.5">
                <span className="break-all font-medium">{receipt.receipt_filename}</span>
                <span className="text-xs text-muted-foreground">
                  {receipt.participant_name} · <span className="font-mono">{receipt.booking_reference}</span>
                </span>
                <span className="text-xs text-muted-foreground">{formatDateTime(receipt.upload_date)}</span>
              </div>
            ),
          },
          {
            id: 'status',
            header: 'Status',
            cell: (receipt) => (
              <div className="grid justify-items-start gap-1">
                <Badge variant={RECEIPT_VARIANTS[receipt.validation_status]}>{receipt.validation_status}</Badge>
                {receipt.validated_by && <span className="text-xs text-muted-foreground">by {receipt.validated_by}</span>}
              </div>
            ),
          },
          {
            id: 'notes',
            header: 'Notes',
            className: 'hidden md:table-cell',
            cellClassName: 'max-w-xs text-sm text-muted-foreground',
            cell: (receipt) => (receipt.notes ? <ExpandableText text={receipt.notes} /> : '—'),
          },
          {
            id: 'actions',
            header: 'Actions',
            headClassName: 'text-right',
            cell: (receipt) => (
              <div className="flex flex-wrap justify-end gap-1">
                <a
                  href={receiptFileHref(receipt.id)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex h-8 items-center gap-1 rounded-md border px-2 text-xs hover:bg-accent"
                  aria-label={`View receipt of ${receipt.participant_name}`}
                >
                  <Eye className="size-4" aria-hidden="true" />
                  View
                </a>
                {receipt.validation_status === 'pending' ? (
                  <>
                    <Button size="sm" onClick={() => setOpen({ receipt, action: 'approve' })}>
                      Approve
                    </Button>
                    <Button size="sm" variant="destructive" onClick={() => setOpen({ receipt, action: 'reject' })}>
                      Reject
                    </Button>
                  </>
                ) : (
                  <Button size="sm" variant="outline" onClick={() => setOpen({ receipt, action: 'notes' })}>
                    Notes
                  </Button>
                )}
              </div>
            ),
          },
        ]}
      />
      {open && (
        <ReceiptDialog
          receipt={open.receipt}
          action={open.action}
          sessionId={session.id}
          staffName={staffName}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}
