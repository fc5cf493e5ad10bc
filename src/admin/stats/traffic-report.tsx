import { useMemo } from 'react';
import type { StatsRange } from '@/api/stats/get-stats.ts';
import { useStats } from '@/api/stats/get-stats.ts';
import type { BlogPost, StatsBreakdownRow, StatsReport } from '@/content/types.gen.ts';
import { Alert } from '../ui/alert.tsx';
import { BreakdownTable, counted } from './breakdown-table.tsx';
import { GoalsPanel } from './goals-panel.tsx';
import { HeadlineFigures } from './headline-figures.tsx';
import { PageKey, sourceName } from './page-key.tsx';
import { describeRange } from './stats-range.ts';
import { TrafficChart } from './traffic-chart.tsx';
import styles from './stats-dashboard.module.css';

const visitors = counted<StatsBreakdownRow>('Visitors', (row) => row.visitors);
const visits = counted<StatsBreakdownRow>('Visits', (row) => row.visits);
const pageViews = counted<StatsBreakdownRow>('Page views', (row) => row.pageViews);

function Breakdowns({ report, posts }: { report: StatsReport; posts: ReadonlyMap<string, BlogPost> }) {
  const page = (key: string) => <PageKey path={key} posts={posts} />;
  return (
    <>
      <GoalsPanel goals={report.goals} totals={report.totals} renderPage={page} renderSource={sourceName} />
      <section aria-labelledby="where-heading">
        <h2 id="where-heading" className={styles.sectionTitle}>
          Pages and where visitors came from
        </h2>
        <div className={styles.columns}>
          {[
            {
              title: 'Top pages',
              keyLabel: 'Page',
              rows: report.pages,
              columns: [visitors, pageViews],
              renderKey: page,
            },
            { title: 'Entry pages', keyLabel: 'Page', rows: report.entryPages, columns: [visits], renderKey: page },
            {
              title: 'Sources',
              keyLabel: 'Source',
              rows: report.sources,
              columns: [visitors, visits],
              renderKey: sourceName,
            },
            { title: 'Campaigns', keyLabel: 'Campaign', rows: report.campaigns, columns: [visitors, visits] },
            { title: 'Devices', keyLabel: 'Device', rows: report.devices, columns: [visitors, visits] },
            { title: 'Browsers', keyLabel: 'Browser', rows: report.browsers, columns: [visitors, visits] },
            {
              title: 'Operating systems',
              keyLabel: 'Operating system',
              rows: report.operatingSystems,
              columns: [visitors, visits],
            },
          ].map((table) => (
            <BreakdownTable key={table.title} {...table} />
          ))}
        </div>
      </section>
    </>
  );
}

interface TrafficReportProps {
  /** Null while the range in the address is not valid: nothing is asked then. */
  range: StatsRange | null;
  posts: BlogPost[] | undefined;
}

/** The site's traffic for a range: loading, nothing counted yet, a failure with Retry, or the figures. */
export function TrafficReport({ range, posts }: TrafficReportProps) {
  const { data: report, error, isPending, isPlaceholderData, refetch, isFetching } = useStats(range);
  const postsBySlug = useMemo(() => new Map((posts ?? []).map((post) => [post.slug, post])), [posts]);

  if (range === null) return null;
  // A 401 signs the admin out (the layout then shows the sign-in form); every other failure is told here.
  if (error) {
    return (
      <Alert>
        <p>The traffic figures could not be loaded: {error.message}</p>
        <button type="button" className="button button-secondary" onClick={() => void refetch()} disabled={isFetching}>
          Retry
        </button>
      </Alert>
    );
  }
  if (isPending) return <p role="status">Loading the traffic figures for {describeRange(range)}…</p>;

  if (report.totals.pageViews === 0) {
    return (
      <section className={styles.empty} aria-labelledby="no-views-heading">
        <h2 id="no-views-heading">No page views in this range yet</h2>
        <p>
          Counting starts when visitors come: from their first page view, this page shows how many people came, from
          where, to which pages, and which of them sent an enquiry or an application. No cookie is set and no address is
          stored, so nothing was counted before.
        </p>
      </section>
    );
  }
  return (
    <div className={styles.report} aria-busy={isPlaceholderData}>
      <h2 className="visually-hidden">Traffic from {describeRange(report)}</h2>
      <HeadlineFigures report={report} />
      <TrafficChart series={report.series} />
      <Breakdowns report={report} posts={postsBySlug} />
    </div>
  );
}
