import { useRef, useState } from 'react';
import { sectionCatalogue, type CatalogueEntry } from './section-catalogue.ts';
import styles from './sections-field.module.css';

/** "Add a section": the catalogue of section types, each with what it is for and a small picture of its example. */
export function SectionCataloguePicker({ onAdd }: { onAdd: (entry: CatalogueEntry) => void }) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    opener.current?.focus();
  };
  return (
    <div className={styles.catalogue}>
      <button
        ref={opener}
        type="button"
        className="button"
        aria-expanded={open}
        aria-controls="section-catalogue"
        onClick={() => setOpen(!open)}
      >
        Add a section
      </button>
      {open && (
        // A group of buttons, each of which hears Escape itself; the listener on their group only gathers it.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
        <div
          id="section-catalogue"
          role="group"
          aria-label="Section catalogue"
          onKeyDown={(event) => {
            if (event.key === 'Escape') close();
          }}
        >
          <p className={styles.help}>
            Choose a section to add at the end of the page; it starts with example text to replace.
          </p>
          <ul className={styles.entries}>
            {sectionCatalogue.map((entry) => (
              <li key={entry.key}>
                <button
                  type="button"
                  className={styles.entry}
                  onClick={() => {
                    onAdd(entry);
                    setOpen(false);
                  }}
                >
                  {entry.picture ? (
                    <img src={entry.picture} alt="" className={styles.picture} loading="lazy" />
                  ) : (
                    <span className={styles.icon} aria-hidden="true">
                      {entry.name.charAt(0)}
                    </span>
                  )}
                  <span>
                    <strong>{entry.name}</strong>
                    <span className={styles.entryText}>{entry.description}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
          <button type="button" className="button button-secondary" onClick={close}>
            Close the catalogue
          </button>
        </div>
      )}
    </div>
  );
}
