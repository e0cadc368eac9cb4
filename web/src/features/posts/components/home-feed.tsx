import type { PostSort } from '@wfm/contracts/forum/posts';
import { Button, Card, cn, Tabs, TabsContent, TabsList, TabsTrigger } from '@wfm/ui';
import { useQueryClient } from '@tanstack/react-query';
import { CircleHelp, Plus } from '@wfm/ui/icons';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from '../../../lib/router.tsx';
import { WFM_FIELDS, wfmLabel } from '../../../components/wfm-fields.tsx';
import { paths } from '../../../config/paths.ts';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { postKeys } from '../../../lib/post-keys.ts';
import { useRealtimeEvent } from '../../../lib/realtime-context.tsx';
import { useVisitorToken } from '../../../lib/visitor-token.ts';
import { usePosts, type PostFilters } from '../api/get-posts.ts';
import {
  emptyFeedMessage,
  FEED_SORTS,
  FEED_TABS,
  listFilters,
  NO_FILTERS,
  tabCounts,
  urlFilters,
  URL_FILTER_KEYS,
  withUrlFilters,
  type FeedFilters,
  type FeedTab,
  type UrlFilters,
} from '../utils/feed.ts';
import { ActiveFilters, type ActiveFilter } from './active-filters.tsx';
import { AdvancedFilters } from './advanced-filters.tsx';
import { EmptyFeed, FeedSkeleton, PostList } from './post-list.tsx';
import { QuickSearch } from './quick-search.tsx';

const AUTHOR_DEBOUNCE_MS = 300;

function FeedResults({ filters, enabled, emptyMessage }: { filters: PostFilters; enabled: boolean; emptyMessage: string }) {
  const list = usePosts(filters, enabled);
  if (!enabled || list.isPending) return <FeedSkeleton />;
  if (list.isError) {
    return (
      <Card className="grid justify-items-center gap-3 px-6 py-10 text-center" role="alert">
        <p className="font-semibold">Posts could not be loaded.</p>
        <p className="text-sm text-muted-foreground">{list.error.message}</p>
        <Button variant="outline" onClick={() => void list.refetch()}>
          Try again
        </Button>
      </Card>
    );
  }
  if (list.data.posts.length === 0) return <EmptyFeed message={emptyMessage} />;
  return (
    <PostList
      posts={list.data.posts}
      hasMore={list.hasNextPage}
      loadingMore={list.isFetchingNextPage}
      onLoadMore={() => void list.fetchNextPage()}
    />
  );
}

/** The home feed: search, quick post buttons, tabs with counts, sorts, filters and the posts. */
export function HomeFeed() {
  const [searchParams, setSearchParams] = useSearchParams();
  const q = (searchParams.get('q') ?? '').trim();
  const navigate = useNavigate();
  // Unanswered and the WFM fields live in the address like q, so a filtered feed can be shared.
  const url = urlFilters(searchParams);
  const setUrl = (change: Partial<UrlFilters>) => setSearchParams(withUrlFilters(searchParams, change));
  const search = (text: string) => {
    const params = new URLSearchParams(searchParams);
    if (text) params.set('q', text);
    else params.delete('q');
    const query = params.toString();
    navigate(query ? `/?${query}` : '/');
  };

  const [tab, setTab] = useState<FeedTab>('all');
  const [sort, setSort] = useState<PostSort>('latest');
  const [filters, setFilters] = useState<FeedFilters>(NO_FILTERS);
  const author = useDebouncedValue(filters.author, AUTHOR_DEBOUNCE_MS);
  const applied = { ...filters, author };
  const anonToken = useVisitorToken().data;

  // Counts come from the unfiltered-by-type list, so they stay put while switching tabs.
  const all = usePosts(listFilters('all', sort, q, applied, anonToken, url));
  const counts = all.data ? tabCounts(all.data.posts, all.data.total) : {};

  const queryClient = useQueryClient();
  const refetchLists = () => queryClient.invalidateQueries({ queryKey: postKeys.lists() });
  useRealtimeEvent('new_post', refetchLists);
  useRealtimeEvent('post_updated', refetchLists);

  const clearUrlFilters = () => setUrl(Object.fromEntries(URL_FILTER_KEYS.map((key) => [key, undefined])));
  const clearAll = () => {
    setFilters(NO_FILTERS);
    navigate('/');
  };
  const chips: ActiveFilter[] = [
    q && { key: 'q', label: `Search: "${q}"`, onRemove: () => search('') },
    filters.author.trim() && tab !== 'mine' && {
      key: 'author',
      label: `Author: ${filters.author.trim()}`,
      onRemove: () => setFilters({ ...filters, author: '' }),
    },
    filters.from && { key: 'from', label: `From: ${filters.from}`, onRemove: () => setFilters({ ...filters, from: '' }) },
    filters.to && { key: 'to', label: `To: ${filters.to}`, onRemove: () => setFilters({ ...filters, to: '' }) },
    url.unanswered && { key: 'unanswered', label: 'Unanswered', onRemove: () => setUrl({ unanswered: false }) },
    ...WFM_FIELDS.map((field) => {
      const value = url[field.key];
      return value && { key: field.key, label: `${field.label}: ${wfmLabel(field.key, value)}`, onRemove: () => setUrl({ [field.key]: undefined }) };
    }),
  ].filter((chip): chip is ActiveFilter => Boolean(chip));

  return (
    <div className="grid gap-5">
      <QuickSearch q={q} onSearch={search} />

      <Tabs value={tab} onValueChange={(value) => setTab(value as FeedTab)} className="grid gap-4">
        <div className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
          <TabsList aria-label="Post types">
            {FEED_TABS.map(({ value, label }) => (
              <TabsTrigger key={value} value={value} data-replay-click={`feed-tab-${value}`}>
                {label}
                {counts[value] !== undefined && (
                  <>
                    {' '}
                    <span className="rounded-full bg-secondary px-1.5 text-xs tabular-nums" data-testid={`tab-count-${value}`}>
                      {counts[value]}
                    </span>
                  </>
                )}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>

        <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Sort posts">
          <span className="text-sm text-muted-foreground">Sort:</span>
          {FEED_SORTS.map(({ value, label }) => (
            <Button
              key={value}
              size="sm"
              variant={sort === value ? 'default' : 'outline'}
              aria-pressed={sort === value}
              onClick={() => setSort(value)}
              data-replay-click={`feed-sort-${value}`}
            >
              {label}
            </Button>
          ))}
          <span className="mx-1 hidden h-5 w-px bg-border sm:block" aria-hidden="true" />
          <Button
            size="sm"
            variant={url.unanswered ? 'default' : 'outline'}
            aria-pressed={url.unanswered}
            onClick={() => setUrl({ unanswered: !url.unanswered })}
            data-replay-click="feed-unanswered"
            title="Open questions without an accepted answer"
          >
            <CircleHelp aria-hidden="true" />
            Unanswered
          </Button>
        </div>

        <AdvancedFilters
          filters={filters}
          onChange={setFilters}
          onClear={() => {
            setFilters(NO_FILTERS);
            clearUrlFilters();
          }}
          authorDisabled={tab === 'mine'}
          wfm={url}
          onWfmChange={(wfm) => setUrl(wfm)}
        />
        <ActiveFilters filters={chips} onClearAll={clearAll} />

        {FEED_TABS.map(({ value }) => (
          <TabsContent key={value} value={value}>
            <FeedResults
              filters={listFilters(value, sort, q, applied, anonToken, url)}
              enabled={value !== 'mine' || Boolean(anonToken)}
              emptyMessage={emptyFeedMessage(value, q, applied.author, url)}
            />
          </TabsContent>
        ))}
      </Tabs>

      <Link
        to={paths.newPost.getHref()}
        aria-label="Create new post"
        className={cn(
          'fixed right-4 bottom-20 z-30 grid size-14 place-items-center rounded-full bg-primary text-primary-foreground shadow-lg',
          'transition-transform hover:scale-105 focus-ring focus-visible:ring-offset-2 lg:hidden',
        )}
      >
        <Plus className="size-6" aria-hidden="true" />
      </Link>
    </div>
  );
}
