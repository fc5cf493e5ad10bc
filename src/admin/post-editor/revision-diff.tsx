import { diffWords } from 'diff';
import { useMemo } from 'react';
import { plainText } from '@/domain/plain-text.ts';
import { fieldLabels, fieldOrder } from './field-labels.ts';
import type { PostField, PostFormValues } from './post-form-values.ts';
import styles from './history-panel.module.css';

/** The fields whose text differs between two versions, in the form's order, by their labels. */
export function changedFields(a: PostFormValues, b: PostFormValues): string[] {
  return fieldOrder.filter((field: PostField) => a[field] !== b[field]).map((field) => fieldLabels[field]);
}

/** The words a reader sees: HTML content is compared as its text, Markdown as typed. */
function readableText(values: PostFormValues): string {
  return values.contentFormat === 'html' ? plainText(values.content) : values.content;
}

/** The content as the chosen version has it, with what differs from the current text marked as added or removed. */
export function WordDiff({ current, chosen }: { current: PostFormValues; chosen: PostFormValues }) {
  const parts = useMemo(() => diffWords(readableText(current), readableText(chosen)), [current, chosen]);
  return (
    <div className={styles.diff}>
      {parts.map((part, index) => {
        if (part.added) {
          return (
            <ins key={index}>
              <span className="visually-hidden">[added: </span>
              {part.value}
              <span className="visually-hidden">]</span>
            </ins>
          );
        }
        if (part.removed) {
          return (
            <del key={index}>
              <span className="visually-hidden">[removed: </span>
              {part.value}
              <span className="visually-hidden">]</span>
            </del>
          );
        }
        return <span key={index}>{part.value}</span>;
      })}
    </div>
  );
}
