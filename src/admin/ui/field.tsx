import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import styles from './field.module.css';

interface FieldProps {
  /** The control's id; the hint and the error take it as a prefix. */
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
}

/** The attributes that tie a control to its hint and error, and mark it invalid. */
export function controlProps(id: string, error: string | undefined, hasHint = false) {
  const describedBy = [hasHint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined } as const;
}

/** A labelled control with its hint, and its error in words right under the label. */
export function Field({ id, label, hint, error, children }: FieldProps) {
  return (
    <div className={styles.field} data-invalid={error ? true : undefined}>
      <label htmlFor={id} id={`${id}-label`} className={styles.label}>
        {label}
      </label>
      {hint && (
        <div id={`${id}-hint`} className={styles.hint}>
          {hint}
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className={styles.error}>
          <span className="visually-hidden">Error: </span>
          {error}
        </p>
      )}
      {children}
    </div>
  );
}

interface InputFieldProps extends Omit<FieldProps, 'children'> {
  value: string;
  onChange: (value: string) => void;
  /** The input's own attributes (type, name, autoComplete, a ref); its id, problem and hint come from the field. */
  control: Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'> & { ref?: Ref<HTMLInputElement> };
  /** What the field shows under its input, such as a picker or a preview. */
  children?: ReactNode;
}

/** A labelled input that holds `value`, in its Field. */
export function InputField({ value, onChange, control, children, ...field }: InputFieldProps) {
  return (
    <Field {...field}>
      <input
        {...control}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...controlProps(field.id, field.error, field.hint !== undefined)}
      />
      {children}
    </Field>
  );
}
