import { TOOL_CATEGORIES, TOOL_SORTS, type ToolCategory, type ToolSort } from '@wfm/contracts/catalog/tools';
import { CATALOG_UI, TOOL_CSV_FILE_NAME, TOOL_SORT_LABELS } from '@wfm/contracts/catalog/labels';
import { Button, Card } from '@wfm/ui';
import { useQueryClient } from '@tanstack/react-query';
import { Download, Plus, Wrench } from '@wfm/ui/icons';
import { useState } from 'react';
import { ALL_CATEGORIES, CatalogFilters } from '../../../components/catalog-filters.tsx';
import { lazyDialog } from '../../../components/lazy-dialog.tsx';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { catalogKeys } from '../../../lib/catalog-keys.ts';
import { useRealtimeEvent } from '../../../lib/realtime-context.tsx';
import { useTools } from '../api/get-tools.ts';
import { downloadCsv } from '../utils/csv.ts';
import { toolsCsv } from '../utils/tools-csv.ts';
import { ToolCard, ToolCardSkeleton } from './tool-card.tsx';

const SubmitToolDialog = lazyDialog(async () => (await import('./submit-tool-dialog.tsx')).SubmitToolDialog);

const CATEGORY_CHOICES = TOOL_CATEGORIES.map((value) => ({ value, label: value }));
const SORT_CHOICES = TOOL_SORTS.map((value) => ({ value, label: TOOL_SORT_LABELS[value] }));

/** The Tool Directory tab: search, category, sort, Export CSV, Submit Tool and the cards. */
export function ToolDirectory() {
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<string>(ALL_CATEGORIES);
  const [sort, setSort] = useState<ToolSort>('latest');
  const [dialogOpen, setDialogOpen] = useState(false);
  const q = useDebouncedValue(search.trim(), CATALOG_UI.searchDebounceMs);
  const tools = useTools({
    q: q || undefined,
    category: category === ALL_CATEGORIES ? undefined : (category as ToolCategory),
    sort,
  });

  const queryClient = useQueryClient();
  useRealtimeEvent('new_post', (post) => {
    if (post.type === 'Tool') void queryClient.invalidateQueries({ queryKey: catalogKeys.tools.lists() });
  });

  const filtered = Boolean(q) || category !== ALL_CATEGORIES;

  return (
    <div className="grid gap-4">
      <CatalogFilters
        label="Filter tools"
        search={{ value: search, onChange: setSearch, placeholder: 'Search tools...' }}
        category={{ value: category, onChange: setCategory }}
        categories={CATEGORY_CHOICES}
        sort={{ value: sort, onChange: (value) => setSort(value as ToolSort) }}
        sorts={SORT_CHOICES}
        actions={
          <>
            <Button
              variant="outline"
              onClick={() => tools.data && downloadCsv(TOOL_CSV_FILE_NAME, toolsCsv(tools.data))}
              disabled={!tools.data || tools.data.length === 0}
            >
              <Download aria-hidden="true" />
              Export CSV
            </Button>
            <Button onClick={() => setDialogOpen(true)} data-replay-click="submit-tool">
              <Plus aria-hidden="true" />
              Submit Tool
            </Button>
          </>
        }
      />

      {tools.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" role="status" aria-label="Loading tools">
          {Array.from({ length: CATALOG_UI.toolSkeletons }, (_, i) => (
            <ToolCardSkeleton key={i} />
          ))}
        </div>
      ) : tools.isError ? (
        <Card className="grid justify-items-center gap-3 px-6 py-10 text-center" role="alert">
          <p className="font-semibold">Tools could not be loaded.</p>
          <p className="text-sm text-muted-foreground">{tools.error.message}</p>
          <Button variant="outline" onClick={() => void tools.refetch()}>
            Try again
          </Button>
        </Card>
      ) : tools.data.length === 0 ? (
        <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center" data-testid="tools-empty">
          <Wrench className="size-10 text-muted-foreground" aria-hidden="true" />
          <p className="text-lg font-semibold">No tools found</p>
          <p className="max-w-prose text-sm text-muted-foreground">
            {filtered ? 'No tools match your search or category. Try another one.' : 'Be the first to recommend a tool to the community.'}
          </p>
          <Button className="mt-2" onClick={() => setDialogOpen(true)}>
            <Plus aria-hidden="true" />
            Add First Tool
          </Button>
        </Card>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Tools">
          {tools.data.map((tool) => (
            <li key={tool.id}>
              <ToolCard tool={tool} />
            </li>
          ))}
        </ul>
      )}

      <SubmitToolDialog open={dialogOpen} onOpenChange={setDialogOpen} />
    </div>
  );
}
