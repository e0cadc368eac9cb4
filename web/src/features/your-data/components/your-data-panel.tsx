import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Skeleton,
  toast,
} from '@wfm/ui';
import type { MyDataExport } from '@wfm/contracts/shared';
import { CircleCheck, Download, Trash2, TriangleAlert } from '@wfm/ui/icons';
import { useState } from 'react';
import { lazyDialog } from '../../../components/lazy-dialog.tsx';
import { errorToast, serverMessage } from '../../../lib/error-toast.ts';
import { useVisitorToken } from '../../../lib/visitor-token.ts';
import { myDataQueryOptions, saveMyData, useMyData } from '../api/get-my-data.ts';
import { countOf, ERASED, KINDS } from '../data-kinds.ts';

const EraseDialog = lazyDialog(async () => (await import('./erase-dialog.tsx')).EraseDialog);

/** "2 posts, 1 comment" style list of what the erase removed. */
function erasedSummary(erased: Record<string, number>): string {
  const parts = ERASED.filter(([kind]) => countOf(erased, kind) > 0).map(([kind, k]) => `${k.label}: ${erased[kind]}`);
  return parts.length > 0 ? parts.join(', ') : 'There was nothing left to delete.';
}

function CountList({ data }: { data: MyDataExport }) {
  const shown = KINDS.filter(([kind]) => countOf(data.counts, kind) > 0);
  if (shown.length === 0) {
    return <p className="text-sm text-muted-foreground" data-testid="your-data-empty">Nothing is tied to this browser yet.</p>;
  }
  return (
    <dl className="grid max-w-sm grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm" data-testid="your-data-counts">
      {shown.map(([kind, k]) => (
        <div key={kind} className="contents">
          <dt className="text-muted-foreground">{k.label}</dt>
          <dd className="text-right font-medium tabular-nums">{data.counts[kind]}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * "Your data" (issue 26 item 6): what is tied to this browser's token, a download of all of it as
 * one JSON file, and "Delete all my content" behind a confirmation naming what goes.
 */
export function YourDataPanel() {
  const token = useVisitorToken();
  const data = useMyData(Boolean(token.data));
  const queryClient = useQueryClient();
  const [downloading, setDownloading] = useState(false);
  const [erasing, setErasing] = useState(false);
  const [result, setResult] = useState<Record<string, number> | null>(null);
  const erasable = ERASED.reduce((sum, [kind]) => sum + countOf(data.data?.counts, kind), 0);

  const download = async () => {
    setDownloading(true);
    try {
      // A fresh document, never the one on screen: what the file says is what the site holds now.
      saveMyData(await queryClient.fetchQuery(myDataQueryOptions()));
    } catch (error) {
      toast(errorToast('Download failed', error, 'Please try again in a minute.'));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className="grid gap-4">
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">Tied to this browser</CardTitle>
          <CardDescription>Everything the site keeps under this browser's anonymous token.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {data.isPending ? (
            <div className="grid gap-2" aria-busy="true" aria-label="Loading your data">
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="h-4 w-3/5" />
            </div>
          ) : data.isError ? (
            <Alert variant="destructive">
              <TriangleAlert aria-hidden="true" />
              <div className="grid gap-2">
                <AlertTitle>Your data could not be loaded</AlertTitle>
                <AlertDescription>{serverMessage(data.error) ?? 'Please try again in a minute.'}</AlertDescription>
                <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={() => void data.refetch()}>
                  Retry
                </Button>
              </div>
            </Alert>
          ) : (
            <CountList data={data.data} />
          )}
          <div className="flex flex-wrap gap-2">
            <Button type="button" onClick={() => void download()} disabled={downloading || !token.data} data-testid="download-my-data">
              <Download aria-hidden="true" />
              {downloading ? 'Preparing...' : 'Download my data (JSON)'}
            </Button>
          </div>
        </CardContent>
      </Card>

      {result && (
        <Alert role="status" data-testid="erase-result">
          <CircleCheck aria-hidden="true" />
          <div className="grid gap-1">
            <AlertTitle>Your content was deleted</AlertTitle>
            <AlertDescription>{erasedSummary(result)}</AlertDescription>
          </div>
        </Alert>
      )}

      <Card className="border-destructive/40">
        <CardHeader>
          <CardTitle className="text-lg">Delete all my content</CardTitle>
          <CardDescription>
            Removes your posts, comments, tools, templates, polls, AMA questions, mentor application and job posts from
            the site. Download first if you want a copy. “Forget this device” is separate: it ends this browser's token.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button
            type="button"
            variant="destructive"
            disabled={!data.isSuccess || erasable === 0}
            onClick={() => setErasing(true)}
            data-testid="erase-my-content"
          >
            <Trash2 aria-hidden="true" />
            {data.isSuccess && erasable === 0 ? 'Nothing to delete' : 'Delete all my content...'}
          </Button>
        </CardContent>
      </Card>
      {data.data && (
        <EraseDialog
          open={erasing}
          onOpenChange={setErasing}
          counts={data.data.counts}
          onErased={(erased) => {
            setResult(erased);
            void data.refetch();
          }}
        />
      )}
    </div>
  );
}
