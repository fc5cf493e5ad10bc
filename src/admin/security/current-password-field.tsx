import { controlProps, Field } from '../ui/field.tsx';

interface CurrentPasswordFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

/** The password asked for again before a change to how the admin signs in. */
export function CurrentPasswordField({ id, value, onChange, error }: CurrentPasswordFieldProps) {
  return (
    <Field id={id} label="Your current password" error={error}>
      <input
        type="password"
        autoComplete="current-password"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...controlProps(id, error)}
      />
    </Field>
  );
}
