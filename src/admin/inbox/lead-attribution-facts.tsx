import { Fragment } from 'react';
import type { LeadAttribution } from '@/content/types.gen.ts';
import styles from './inbox.module.css';

const labels: [keyof LeadAttribution, string][] = [
  ['landingPage', 'Landing page'],
  ['referrerHost', 'Came from'],
  ['utmSource', 'Source'],
  ['utmMedium', 'Medium'],
  ['utmCampaign', 'Campaign'],
  ['utmTerm', 'Term'],
  ['utmContent', 'Content'],
];

/** Where the visit that brought a lead came from; an empty referrer means the visitor typed the address. */
export function LeadAttributionFacts({ attribution }: { attribution: LeadAttribution }) {
  const known = labels.filter(([key]) => attribution[key] !== undefined);
  return (
    <section className={styles.card} aria-labelledby="lead-attribution">
      <h2 id="lead-attribution">Where it came from</h2>
      {known.length === 0 ? (
        <p className={styles.muted}>Not known: the form was sent without the visit’s details.</p>
      ) : (
        <dl className={styles.facts}>
          {known.map(([key, label]) => (
            <Fragment key={key}>
              <dt>{label}</dt>
              <dd>{key === 'referrerHost' && attribution[key] === '' ? 'No referrer (direct)' : attribution[key]}</dd>
            </Fragment>
          ))}
        </dl>
      )}
    </section>
  );
}
