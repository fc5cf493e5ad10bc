import { useId, type ReactNode } from 'react';
import type { StatsGoalRow, StatsGoals, StatsTotals } from '@/content/types.gen.ts';
import { BreakdownTable, counted, type Column } from './breakdown-table.tsx';
import { formatCount, formatShare } from './stats-format.ts';
import styles from './stats-dashboard.module.css';

// Leads first and visits last, so that a phone shows what answers the question before the table scrolls; soft
// hyphens let the headings break on a narrow screen.
const goalColumns: Column<StatsGoalRow>[] = [
  counted('Enqui\u00adries', (row) => row.enquiries),
  counted('Appli\u00adcations', (row) => row.applications),
  counted('Subscrip\u00adtions', (row) => row.subscriptions),
  { label: 'Conver\u00adsion', value: (row) => formatShare(row.conversionRate) },
  counted('Visits', (row) => row.visits),
];

interface GoalsPanelProps {
  goals: StatsGoals;
  totals: StatsTotals;
  renderPage: (key: string) => ReactNode;
  renderSource: (key: string) => ReactNode;
}

const plural = (count: number, one: string, many: string) => `${formatCount(count)} ${count === 1 ? one : many}`;

/**
 * Which landing pages, sources and campaigns brought enquiries, applications and confirmed newsletter subscriptions,
 * side by side with their rates (of leads: a subscription is no client yet).
 */
export function GoalsPanel({ goals, totals, renderPage, renderSource }: GoalsPanelProps) {
  const headingId = useId();
  const leads = goals.enquiries + goals.applications;
  const rate = totals.visits === 0 ? 0 : leads / totals.visits;
  return (
    <section className={styles.goals} aria-labelledby={headingId}>
      <h2 id={headingId}>Goals: the pages and campaigns that bring clients</h2>
      <p>
        {leads === 0
          ? 'No enquiry or application arrived in this range.'
          : `${plural(goals.enquiries, 'enquiry', 'enquiries')} and ${plural(goals.applications, 'application', 'applications')} ` +
            `arrived in this range: ${formatShare(rate)} of visits ended in a lead.`}{' '}
        {goals.subscriptions === 0
          ? 'No newsletter subscription was confirmed.'
          : `${plural(goals.subscriptions, 'newsletter subscription was', 'newsletter subscriptions were')} confirmed.`}
      </p>
      <div className={styles.goalTables}>
        {[
          {
            title: 'Leads by landing page',
            keyLabel: 'Landing page',
            rows: goals.byLandingPage,
            renderKey: renderPage,
            empty: 'No lead came from a landing page in this range.',
          },
          {
            title: 'Leads by source',
            keyLabel: 'Source',
            rows: goals.bySource,
            renderKey: renderSource,
            empty: 'No lead came from a known source in this range.',
          },
          {
            title: 'Leads by campaign',
            keyLabel: 'Campaign',
            rows: goals.byCampaign,
            empty: 'No lead came with a campaign (utm_campaign) in this range.',
          },
        ].map((table) => (
          <BreakdownTable key={table.title} columns={goalColumns} {...table} />
        ))}
      </div>
    </section>
  );
}
