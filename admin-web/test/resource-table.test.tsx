import { QueryClientProvider, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { EmptyState } from '../src/components/query-state.tsx';
import { ResourceTable, type ResourceColumn } from '../src/components/resource-table.tsx';
import { api } from '../src/lib/api-client.ts';
import { createQueryClient } from '../src/lib/query-client.ts';
import { queryKeys } from '../src/lib/query-keys.ts';
import { server } from './server.ts';

interface Thing {
  id: number;
  name: string;
}

const columns: ResourceColumn<Thing>[] = [
  { id: 'name', header: 'Name', cell: (thing) => thing.name, cellClassName: 'font-medium' },
  { id: 'id', header: 'Number', className: 'hidden sm:table-cell', cell: (thing) => `#${thing.id}` },
];

const empty = <EmptyState title="No things yet">Things appear here.</EmptyState>;

/** A plain list, as most tabs have. */
function ThingsTable() {
  const things = useQuery({
    queryKey: [...queryKeys.all, 'things'],
    queryFn: async ({ signal }) => (await api.get('/api/test/things', { signal })) as Thing[],
  });
  return (
    <ResourceTable
      query={things}
      rows={things.data}
      loadingLabel="Loading things"
      errorTitle="Failed to load things"
      empty={empty}
      rowKey={(thing) => thing.id}
      rowLabel={(thing) => thing.name}
      columns={columns}
    />
  );
}

/** A paged list ("Load more"), as the posts tab has. */
function PagedThingsTable() {
  const things = useInfiniteQuery({
    queryKey: [...queryKeys.all, 'paged-things'],
    queryFn: async ({ pageParam, signal }) =>
      (await api.get(`/api/test/things?offset=${pageParam}`, { signal })) as { things: Thing[]; total: number },
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, page) => n + page.things.length, 0);
      return loaded < last.total ? loaded : undefined;
    },
  });
  const rows = things.data?.pages.flatMap((page) => page.things);
  return (
    <ResourceTable
      query={things}
      rows={rows}
      loadingLabel="Loading things"
      errorTitle="Failed to load things"
      empty={empty}
      paging={{
        hasNextPage: things.hasNextPage,
        isFetchingNextPage: things.isFetchingNextPage,
        fetchNextPage: things.fetchNextPage,
        loaded: rows?.length ?? 0,
        total: things.data?.pages.at(-1)?.total,
      }}
      rowKey={(thing) => thing.id}
      columns={columns}
    />
  );
}

function renderWithQueries(ui: React.ReactElement) {
  return render(<QueryClientProvider client={createQueryClient()}>{ui}</QueryClientProvider>);
}

describe('resource table', () => {
  it('shows a named skeleton while the list loads', async () => {
    server.use(
      http.get('/api/test/things', async () => {
        await delay('infinite');
        return HttpResponse.json([]);
      }),
    );
    renderWithQueries(<ThingsTable />);
    expect(await screen.findByRole('status', { name: 'Loading things' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('names what failed with the server reason, and Retry asks again and shows the rows', async () => {
    let calls = 0;
    server.use(
      http.get('/api/test/things', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ message: 'Database unavailable' }, { status: 503 })
          : HttpResponse.json([{ id: 1, name: 'Roster' }]);
      }),
    );
    renderWithQueries(<ThingsTable />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load things — Database unavailable');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    const row = await screen.findByRole('row', { name: 'Roster' });
    expect(row).toHaveTextContent('Roster#1');
    expect(calls).toBe(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says plainly that the list is empty, without an empty table', async () => {
    server.use(http.get('/api/test/things', () => HttpResponse.json([])));
    renderWithQueries(<ThingsTable />);
    expect(await screen.findByText('No things yet')).toBeInTheDocument();
    expect(screen.getByText('Things appear here.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('draws the columns: headers, cells and their classes', async () => {
    server.use(
      http.get('/api/test/things', () =>
        HttpResponse.json([
          { id: 1, name: 'Roster' },
          { id: 2, name: 'Forecast' },
        ]),
      ),
    );
    renderWithQueries(<ThingsTable />);
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Name', 'Number']);
    expect(within(table).getByRole('columnheader', { name: 'Number' })).toHaveClass('hidden', 'sm:table-cell');
    const forecast = screen.getByRole('row', { name: 'Forecast' });
    const [name, number] = within(forecast).getAllByRole('cell');
    expect(name).toHaveClass('font-medium');
    expect(number).toHaveClass('hidden', 'sm:table-cell');
    expect(number).toHaveTextContent('#2');
  });

  it('pages: "Showing n of total" with Load more until every row is loaded', async () => {
    const offsets: number[] = [];
    server.use(
      http.get('/api/test/things', ({ request }) => {
        const offset = Number(new URL(request.url).searchParams.get('offset'));
        offsets.push(offset);
        const all = [
          { id: 1, name: 'Roster' },
          { id: 2, name: 'Forecast' },
          { id: 3, name: 'Shrinkage' },
        ];
        return HttpResponse.json({ things: all.slice(offset, offset + 2), total: all.length });
      }),
    );
    renderWithQueries(<PagedThingsTable />);
    expect(await screen.findByText('Showing 2 of 3')).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(3); // header + 2
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Shrinkage')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.queryByText(/^Showing/)).not.toBeInTheDocument();
    expect(offsets).toEqual([0, 2]);
  });
});
