import { TEMPLATE_CATEGORIES, TEMPLATE_SORTS, type TemplateCategory, type TemplateSort } from '@wfm/contracts/catalog/templates';
import { CATALOG_UI, TEMPLATE_SORT_LABELS } from '@wfm/contracts/catalog/labels';
import { Button, Card, Skeleton } from '@wfm/ui';
import { FileSpreadsheet, Plus } from '@wfm/ui/icons';
import { useState } from 'react';
import { ALL_CATEGORIES, CatalogFilters } from '../../../components/catalog-filters.tsx';
import { lazyDialog } from '../../../components/lazy-dialog.tsx';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { useTemplates } from '../api/get-templates.ts';
import { TemplateCard } from './template-card.tsx';

const AddTemplateDialog = lazyDialog(async () => (await import('./add-template-dialog.tsx')).AddTemplateDialog);

const CATEGORY_CHOICES = TEMPLATE_CATEGORIES.map((value) => ({ value, label: value }));
const SORT_CHOICES = TEMPLATE_SORTS.map((value) => ({ value, label: TEMPLATE_SORT_LABELS[value] }));

function TemplateCardSkeleton() {
  return (
    <Card className="grid gap-3 p-5" data-testid="template-skeleton">
      <div className="flex justify-between gap-2">
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-5 w-20 rounded-full" />
      </div>
      <Skeleton className="h-3 w-20" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-3/4" />
      <Skeleton className="ml-auto h-8 w-24" />
    </Card>
  );
}

/** The Template Library tab: search, category, sort, Add Template and the cards. */
export function TemplateLibrary() {
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<string>(ALL_CATEGORIES);
  const [sort, setSort] = useState<TemplateSort>('latest');
  const [dialogOpen, setDialogOpen] = useState(false);
  const q = useDebouncedValue(search.trim(), CATALOG_UI.searchDebounceMs);
  const templates = useTemplates({
    q: q || undefined,
    category: category === ALL_CATEGORIES ? undefined : (category as TemplateCategory),
    sort,
  });
  const filtered = Boolean(q) || category !== ALL_CATEGORIES;

  return (
    <div className="grid gap-4">
      <CatalogFilters
        label="Filter templates"
        search={{ value: search, onChange: setSearch, placeholder: 'Search templates...' }}
        category={{ value: category, onChange: setCategory }}
        categories={CATEGORY_CHOICES}
        sort={{ value: sort, onChange: (value) => setSort(value as TemplateSort) }}
        sorts={SORT_CHOICES}
        actions={
          <Button onClick={() => setDialogOpen(true)} className="col-span-2 sm:col-span-1">
            <Plus aria-hidden="true" />
            Add Template
          </Button>
        }
      />

      {templates.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" role="status" aria-label="Loading templates">
          {Array.from({ length: CATALOG_UI.toolSkeletons }, (_, i) => (
            <TemplateCardSkeleton key={i} />
          ))}
        </div>
      ) : templates.isError ? (
        <Card className="grid justify-items-center gap-3 px-6 py-10 text-center" role="alert">
          <p className="font-semibold">Templates could not be loaded.</p>
          <p className="text-sm text-muted-foreground">{templates.error.message}</p>
          <Button variant="outline" onClick={() => void templates.refetch()}>
            Try again
          </Button>
        </Card>
      ) : templates.data.length === 0 ? (
        <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center" data-testid="templates-empty">
          <FileSpreadsheet className="size-10 text-muted-foreground" aria-hidden="true" />
          <p className="text-lg font-semibold">No templates found</p>
          <p className="max-w-prose text-sm text-muted-foreground">
            {filtered ? 'No templates match your search or category. Try another one.' : 'Be the first to share a template with the community.'}
          </p>
          <Button className="mt-2" onClick={() => setDialogOpen(true)}>
            <Plus aria-hidden="true" />
            Add First Template
          </Button>
        </Card>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Templates">
          {templates.data.map((template) => (
            <li key={template.id}>
              <TemplateCard template={template} />
            </li>
          ))}
        </ul>
      )}

      <AddTemplateDialog open={dialogOpen} onOpenChange={setDialogOpen} />
    </div>
  );
}
