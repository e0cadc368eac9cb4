import { Badge, Button, Card, Input, Label, toast } from '@wfm/ui';
import { useState, type FormEvent } from 'react';
import { EmptyState } from '../../../components/query-state.tsx';
import { SectionHeader } from '../../../components/section-header.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useCreateBlock, useSuspensions, useUndo, useUnhideSuspended, type Undo } from '../api/suspensions.ts';

const HOUR = 3_600_000;
const BLOCK_HOURS = [1, 24, 24 * 7] as const;

const until = (ms: number | null) => (ms === null ? 'for good' : `until ${formatDateTime(ms)}`);

/**
 * Suspended visitors (made from a post or comment) and blocked addresses, each with its reason,
 * who decided and until when; Lift / Unblock undo them at once. A block can be added here.
 */
export function SuspensionsTab() {
  const list = useSuspensions();
  const undo = useUndo();
  const create = useCreateBlock();
  const unhide = useUnhideSuspended();
  const [address, setAddress] = useState('');
  const [reason, setReason] = useState('');
  const [hours, setHours] = useState<number>(BLOCK_HOURS[1]);

  function run(target: Undo, label: string) {
    undo.mutate(target, {
      onSuccess: () => toast({ title: target.kind === 'block' ? 'Unblocked' : 'Lifted', description: label }),
      onError: (error) =>
        toast({ variant: 'destructive', title: target.kind === 'block' ? 'Failed to unblock' : 'Failed to lift', description: errorMessage(error, 'Please try again') }),
    });
  }

  function showHidden(visitor: string, label: string) {
    unhide.mutate(visitor, {
      onSuccess: ({ posts, comments }) =>
        toast({
          title: posts.length + comments.length === 0 ? 'Nothing was hidden by this suspension' : 'Shown again',
          description: `${label}: ${posts.length} post${posts.length === 1 ? '' : 's'} and ${comments.length} comment${comments.length === 1 ? '' : 's'}`,
        }),
      onError: (error) => toast({ variant: 'destructive', title: 'Failed to show hidden content', description: errorMessage(error, 'Please try again') }),
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate(
      { address: address.trim(), duration_ms: hours * HOUR, reason: reason.trim() },
      {
        onSuccess: () => {
          toast({ title: 'Blocked', description: `${address.trim()} ${hours} h` });
          setAddress('');
          setReason('');
        },
        onError: (error) => toast({ variant: 'destructive', title: 'Failed to block', description: errorMessage(error, 'Please try again') }),
      },
    );
  }

  const suspensions = list.data?.suspensions ?? [];
  const blocks = list.data?.blocks ?? [];

  return (
    <section className="grid gap-4" aria-labelledby="suspensions-heading">
      <SectionHeader
        id="suspensions-heading"
        title="Suspensions and address blocks"
        count={list.data ? suspensions.length + blocks.length : undefined}
        description="A suspended visitor can read but not write anywhere; a blocked address cannot write at all, whatever token it sends. Suspend a visitor from their post or comment."
      />
      {list.isError && <p role="alert">Failed to load suspensions: {errorMessage(list.error, 'Please try again')}</p>}
      {list.isPending && <p>Loading suspensions</p>}
      {list.data && (
        <>
          <h3 className="font-semibold">Suspended visitors</h3>
          {suspensions.length === 0 ? (
            <EmptyState title="Nobody is suspended">Suspensions made from posts and comments appear here.</EmptyState>
          ) : (
            <div className="grid gap-2">
              {suspensions.map((s) => {
                const label = `Suspension: ${s.reason}`;
                return (
                  <Card key={`${s.service}:${s.visitor}`} role="article" aria-label={label} className="flex flex-wrap items-center gap-2 p-3">
                    <Badge variant="outline">{s.service}</Badge>
                    <span className="break-words">{s.reason}</span>
                    <span className="text-xs text-muted-foreground">
                      {until(s.until)} · by {s.staff} · {formatDateTime(s.at)}
                    </span>
                    {s.service === 'forum' && (
                      <Button
                        className="ml-auto"
                        variant="outline"
                        size="sm"
                        aria-label={`Show hidden posts and comments of ${label}`}
                        disabled={unhide.isPending}
                        onClick={() => showHidden(s.visitor, label)}
                      >
                        Show hidden posts and comments
                      </Button>
                    )}
                    <Button
                      className={s.service === 'forum' ? undefined : 'ml-auto'}
                      variant="outline"
                      size="sm"
                      aria-label={`Lift ${label}`}
                      disabled={undo.isPending}
                      onClick={() => run({ kind: 'suspension', service: s.service, visitor: s.visitor }, label)}
                    >
                      Lift
                    </Button>
                  </Card>
                );
              })}
            </div>
          )}
          <h3 className="font-semibold">Blocked addresses</h3>
          {blocks.length === 0 ? (
            <EmptyState title="No address is blocked">Block an address only against a flood: everybody behind it is blocked.</EmptyState>
          ) : (
            <div className="grid gap-2">
              {blocks.map((b) => (
                <Card key={b.address} role="article" aria-label={`Block ${b.address}`} className="flex flex-wrap items-center gap-2 p-3">
                  <code>{b.address}</code>
                  <span className="break-words">{b.reason}</span>
                  <span className="text-xs text-muted-foreground">
                    {until(b.until)} · by {b.staff}
                  </span>
                  <Button
                    className="ml-auto"
                    variant="outline"
                    size="sm"
                    aria-label={`Unblock ${b.address}`}
                    disabled={undo.isPending}
                    onClick={() => run({ kind: 'block', address: b.address }, b.address)}
                  >
                    Unblock
                  </Button>
                </Card>
              ))}
            </div>
          )}
        </>
      )}
      <form className="grid gap-2 sm:grid-cols-4 sm:items-end" onSubmit={submit} aria-label="Block an address">
        <div className="grid gap-1">
          <Label htmlFor="block-address">Address (IPv4, or IPv6: its /64)</Label>
          <Input id="block-address" value={address} onChange={(e) => setAddress(e.target.value)} required maxLength={64} />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="block-reason">Reason</Label>
          <Input id="block-reason" value={reason} onChange={(e) => setReason(e.target.value)} required maxLength={200} />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="block-hours">For</Label>
          <select id="block-hours" className="h-9 rounded-md border px-2" value={hours} onChange={(e) => setHours(Number(e.target.value))}>
            {BLOCK_HOURS.map((h) => (
              <option key={h} value={h}>
                {h === 1 ? '1 hour' : h === 24 ? '1 day' : '7 days'}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" disabled={create.isPending}>
          Block
        </Button>
      </form>
    </section>
  );
}
