import type { Section } from '@/content/types.gen.ts';
import { site } from '@/content/site.ts';
import { SectionRenderer } from '@/sections/section-renderer.tsx';
import commonSchema from '../../../schemas/common.schema.json';
import { PageHeader } from '../ui/page-header.tsx';
import { sectionFields, sectionTypeName, type SchemaNode } from './section-fields.ts';
import styles from './section-catalogue-page.module.css';
import { TableHead } from '../ui/table-head.tsx';

// Bundled as JSON into the admin chunk: the page reads the schemas as data, with no validator at run time.
const schemaModules = import.meta.glob<SchemaNode>('../../../schemas/sections/*.schema.json', {
  eager: true,
  import: 'default',
});

const catalogue = Object.values(schemaModules)
  .map((schema) => ({
    schema,
    type: sectionTypeName(schema),
    fields: sectionFields(schema, commonSchema as unknown as SchemaNode),
  }))
  .sort((a, b) => a.type.localeCompare(b.type));

/** Every section type a page can use: its name in JSON, its fields from its schema, and its example rendered. */
export function SectionCataloguePage() {
  return (
    <>
      <PageHeader title="Sections" />
      <p className={styles.intro}>
        A page in <code>content/</code> is a list of sections. Each entry below is one section type: write its name as
        the section&rsquo;s <code>type</code>, fill in its fields, and <code>npm run content:check</code> tells you
        about any mistake.
      </p>
      <nav aria-label="Section types" className={styles.toc}>
        <ul>
          {catalogue.map(({ type }) => (
            <li key={type}>
              <a href={`#section-${type}`}>{type}</a>
            </li>
          ))}
        </ul>
      </nav>
      {catalogue.map(({ schema, type, fields }) => (
        <section key={type} id={`section-${type}`} className={styles.entry} aria-labelledby={`section-${type}-name`}>
          <h2 id={`section-${type}-name`}>
            <code>{type}</code>
          </h2>
          {schema.description && <p>{schema.description}</p>}
          <div className={styles.tableWrap}>
            <table className={styles.fields}>
              <caption className="visually-hidden">Fields of {type}</caption>
              <TableHead columns={['Field', 'Type', 'Required', 'Limits', 'Meaning']} />
              <tbody>
                {fields.map((field) => (
                  <tr key={field.name}>
                    <th scope="row">
                      <code>{field.name}</code>
                    </th>
                    <td>{field.type}</td>
                    <td>{field.required ? 'yes' : 'no'}</td>
                    <td>{field.limits}</td>
                    <td>{field.description}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <h3>Example</h3>
          <div className={styles.preview} data-testid={`example-${type}`}>
            <SectionRenderer sections={(schema.examples ?? []) as Section[]} site={site} />
          </div>
          <details className={styles.source}>
            <summary>The example as JSON</summary>
            <pre>{JSON.stringify(schema.examples?.[0], null, 2)}</pre>
          </details>
        </section>
      ))}
    </>
  );
}
