import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { statsCsvAddress } from '@/api/stats/get-stats.ts';
import { useAllPosts } from '@/api/blog/list-all-posts.ts';
import { PageHeader } from '../ui/page-header.tsx';
import { PostFigures } from './post-figures.tsx';
import { RangePicker } from './range-picker.tsx';
import { rangeFromSearch, utcToday } from './stats-range.ts';
import { TrafficReport } from './traffic-report.tsx';

/**
 * /admin/stats: the site's traffic and the leads it brought for a range kept in the address (`?range=30d`, or
 * `?from=&to=`), then the figures of the posts.
 */
export function StatsPage() {
  const [searchParams] = useSearchParams();
  // Read once per visit, so that the presets' days do not move while the page is open past midnight.
  const [today] = useState(() => utcToday(new Date()));
  const choice = rangeFromSearch(searchParams, today);
  const range = choice.problem === null ? { from: choice.from, to: choice.to } : null;
  const posts = useAllPosts();
  return (
    <>
      <PageHeader
        title="Stats"
        actions={
          range && (
            <a className="button button-secondary" href={statsCsvAddress(range)} download>
              Download CSV
            </a>
          )
        }
      />
      <RangePicker choice={choice} today={today} />
      <TrafficReport range={range} posts={posts.data} />
      <PostFigures posts={posts.data} error={posts.error} />
    </>
  );
}
