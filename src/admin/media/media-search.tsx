import { useId } from 'react';
import fieldStyles from '../ui/field.module.css';
import styles from './media.module.css';

/** The search box over the images (by name or alt text), with its label. */
export function MediaSearch({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className={styles.search}>
      <label htmlFor={`${id}-search`}>{label}</label>
      <input
        id={`${id}-search`}
        type="search"
        className={fieldStyles.input}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
