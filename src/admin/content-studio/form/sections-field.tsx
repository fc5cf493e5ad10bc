import { toFieldPathId, type FieldProps, type RJSFSchema } from '@rjsf/utils';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { pointerLabel, sectionSummary } from '@/domain/content-changes.ts';
import { sectionSchemaRef } from '../document-schemas.ts';
import type { StudioFormContext } from './form-context.ts';
import { SectionCataloguePicker } from './section-catalogue-picker.tsx';
import type { CatalogueEntry } from './section-catalogue.ts';
import styles from './sections-field.module.css';

type Section = Record<string, unknown>;

let nextKey = 0;
const newKey = () => `section-${++nextKey}`;

/**
 * The React keys of the sections, one each: kept through moves, so that focus and open forms follow a section. A
 * document replaced from outside (a draft restored) keeps the keys by position, and any further ones by position too.
 */
function fitted(keys: string[], length: number): string[] {
  return Array.from({ length }, (_, index) => keys[index] ?? `section-at-${index}`);
}

/** Asks the sections' list to open the section that holds `pointer` and then focus its field (a problem's link). */
export const revealEvent = 'studio:reveal';

/**
 * A page's sections: each with its own form (from its type's schema), moved by drag or by Move up / Move down,
 * duplicated, removed with undo, and added from the section catalogue.
 */
export function SectionsField(props: FieldProps) {
  const { formData, onChange, fieldPathId, registry, errorSchema, disabled, readonly, onBlur, onFocus } = props;
  const sections = (Array.isArray(formData) ? formData : []) as Section[];
  const [keyList, setKeys] = useState<string[]>([]);
  const keys = fitted(keyList, sections.length);
  const [open, setOpen] = useState<Set<string>>(() => new Set(keys.slice(0, 1)));
  const [removed, setRemoved] = useState<{ section: Section; index: number; key: string } | null>(null);
  const [news, setNews] = useState('');
  const [dragged, setDragged] = useState<number | null>(null);
  const focusNext = useRef<string | null>(null);
  const locked = disabled || readonly;
  const SchemaField = registry.fields.SchemaField!;
  const { problems = [] } = registry.formContext as StudioFormContext;
  const base = `/${fieldPathId.path.join('/')}`;
  const problemsOf = (index: number) =>
    problems.filter(({ pointer }) => pointer === `${base}/${index}` || pointer.startsWith(`${base}/${index}/`));
  const revealed = useRef<string | null>(null);

  useEffect(() => {
    if (focusNext.current) {
      document.getElementById(focusNext.current)?.focus();
      focusNext.current = null;
    }
    if (revealed.current) {
      const field = document.querySelector(`[data-pointer="${CSS.escape(revealed.current)}"]`);
      field?.querySelector<HTMLElement>('input, select, textarea, button')?.focus();
      revealed.current = null;
    }
  });

  useEffect(() => {
    const reveal = (event: Event) => {
      const pointer = (event as CustomEvent<string>).detail;
      const index = Number(pointer.slice(base.length + 1).split('/')[0]);
      if (!pointer.startsWith(`${base}/`) || !Number.isInteger(index) || !keys[index]) return;
      revealed.current = pointer;
      setOpen((current) => new Set(current).add(keys[index]!));
    };
    document.addEventListener(revealEvent, reveal);
    return () => document.removeEventListener(revealEvent, reveal);
  });

  const change = (next: Section[], nextKeys: string[], focusId: string | null, message: string) => {
    setKeys(nextKeys);
    focusNext.current = focusId;
    setNews(message);
    onChange(next as never, fieldPathId.path);
  };

  const move = (from: number, to: number) => {
    if (to < 0 || to >= sections.length || from === to) return;
    const next = [...sections];
    const nextKeys = [...keys];
    const [section] = next.splice(from, 1);
    const [key] = nextKeys.splice(from, 1);
    next.splice(to, 0, section!);
    nextKeys.splice(to, 0, key!);
    const button = to < from ? 'up' : 'down';
    const stays = (button === 'up' && to > 0) || (button === 'down' && to < sections.length - 1);
    change(
      next,
      nextKeys,
      `${key}-${stays ? button : button === 'up' ? 'down' : 'up'}`,
      `${sectionSummary(section!)} moved to position ${to + 1} of ${sections.length}.`,
    );
  };

  const duplicate = (index: number) => {
    const key = newKey();
    const next = [...sections];
    next.splice(index + 1, 0, structuredClone(sections[index]!));
    const nextKeys = [...keys];
    nextKeys.splice(index + 1, 0, key);
    setOpen((current) => new Set(current).add(key));
    change(next, nextKeys, `${key}-title`, `${sectionSummary(sections[index]!)} duplicated as section ${index + 2}.`);
  };

  const remove = (index: number) => {
    const key = keys[index]!;
    setRemoved({ section: sections[index]!, index, key });
    change(
      sections.filter((_, at) => at !== index),
      keys.filter((_, at) => at !== index),
      'sections-undo',
      `${sectionSummary(sections[index]!)} removed.`,
    );
  };

  const undo = () => {
    if (!removed) return;
    const next = [...sections];
    next.splice(removed.index, 0, removed.section);
    const nextKeys = [...keys];
    nextKeys.splice(removed.index, 0, removed.key);
    setRemoved(null);
    change(
      next,
      nextKeys,
      `${removed.key}-title`,
      `${sectionSummary(removed.section)} is back at position ${removed.index + 1}.`,
    );
  };

  const add = (entry: CatalogueEntry) => {
    const key = newKey();
    setOpen((current) => new Set(current).add(key));
    change(
      [...sections, structuredClone(entry.section)],
      [...keys, key],
      `${key}-title`,
      `${entry.name} added as section ${sections.length + 1}.`,
    );
  };

  const toggle = (key: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  const drop = (event: DragEvent, index: number) => {
    event.preventDefault();
    if (dragged !== null) move(dragged, index);
    setDragged(null);
  };

  return (
    <div className={styles.sections} id={fieldPathId.$id}>
      <h2 className={styles.heading}>Sections</h2>
      <p className={styles.help}>
        The page shows its sections in this order; the first is its hero. Drag a section by its handle, or use Move up
        and Move down.
      </p>
      <p className="visually-hidden" role="status">
        {news}
      </p>
      {removed && (
        <div className={styles.undo} role="group" aria-label="Removed section">
          <span>{sectionSummary(removed.section)} was removed.</span>
          <button type="button" id="sections-undo" className="button button-secondary" onClick={undo}>
            Undo
          </button>
        </div>
      )}
      <ol className={styles.list}>
        {sections.map((section, index) => {
          const key = keys[index]!;
          const name = sectionSummary(section);
          const own = problemsOf(index);
          const expanded = open.has(key);
          return (
            <li
              key={key}
              className={styles.section}
              data-pointer={`${base}/${index}`}
              data-dragging={dragged === index ? true : undefined}
              data-invalid={own.length > 0 ? true : undefined}
              onDragOver={(event) => dragged !== null && event.preventDefault()}
              onDrop={(event) => drop(event, index)}
            >
              <div className={styles.bar}>
                {!locked && (
                  <span
                    className={styles.handle}
                    draggable
                    onDragStart={(event) => {
                      event.dataTransfer.effectAllowed = 'move';
                      event.dataTransfer.setData('text/plain', String(index));
                      setDragged(index);
                    }}
                    onDragEnd={() => setDragged(null)}
                    title="Drag to move"
                    aria-hidden="true"
                  >
                    ⠿
                  </span>
                )}
                <h3 id={`${key}-title`} tabIndex={-1} className={styles.title}>
                  <span className={styles.number}>{index + 1}.</span> {name}
                </h3>
                <button
                  type="button"
                  className="button button-secondary"
                  aria-expanded={expanded}
                  aria-controls={`${key}-fields`}
                  onClick={() => toggle(key)}
                >
                  {expanded ? 'Hide fields' : 'Edit'}
                  <span className="visually-hidden"> section {index + 1}</span>
                </button>
              </div>
              {own.length > 0 && (
                // Named here as well as beside the fields, so that a closed section says what is wrong in it.
                <ul className={styles.flag} id={`${key}-problems`}>
                  {own.map(({ pointer, message }) => (
                    <li key={`${pointer} ${message}`}>
                      {pointer.length > `${base}/${index}`.length
                        ? pointerLabel(pointer.slice(`${base}/${index}`.length), section)
                        : 'This section'}
                      : {message}
                    </li>
                  ))}
                </ul>
              )}
              <div id={`${key}-fields`} hidden={!expanded}>
                {expanded && !locked && (
                  <div className={styles.tools} role="group" aria-label={`Section ${index + 1}: ${name}`}>
                    <button
                      type="button"
                      id={`${key}-up`}
                      className="button button-secondary"
                      disabled={index === 0}
                      onClick={() => move(index, index - 1)}
                    >
                      Move up
                    </button>
                    <button
                      type="button"
                      id={`${key}-down`}
                      className="button button-secondary"
                      disabled={index === sections.length - 1}
                      onClick={() => move(index, index + 1)}
                    >
                      Move down
                    </button>
                    <button type="button" className="button button-secondary" onClick={() => duplicate(index)}>
                      Duplicate
                    </button>
                    <button type="button" className="button button-secondary" onClick={() => remove(index)}>
                      Remove
                    </button>
                  </div>
                )}
                {expanded && (
                  <SchemaField
                    name={String(index)}
                    schema={sectionSchemaRef(String(section.type)) as RJSFSchema}
                    uiSchema={{ 'ui:options': { label: false } }}
                    formData={section}
                    errorSchema={errorSchema?.[index]}
                    fieldPathId={toFieldPathId(index, registry.globalFormOptions, fieldPathId)}
                    onChange={onChange}
                    onBlur={onBlur}
                    onFocus={onFocus}
                    registry={registry}
                    disabled={disabled}
                    readonly={readonly}
                    required
                  />
                )}
              </div>
            </li>
          );
        })}
      </ol>
      {!locked && <SectionCataloguePicker onAdd={add} />}
    </div>
  );
}
