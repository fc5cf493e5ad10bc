import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';
import { useLocation } from '@/ui/site-router/hooks.ts';
import { consentVersion } from '@/domain/consent-version.ts';
import { returnToField } from '@/domain/lead-form-fields.ts';
import type { LeadForm } from './use-lead-form.ts';
import styles from './lead-form.module.css';

/** The attributes that tie a field to its label and its problem. */
export function fieldProps(form: LeadForm, name: string) {
  const error = form.errorFor(name);
  return {
    id: form.fieldId(name),
    name,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? form.errorId(name) : undefined,
  };
}

interface FieldProps {
  form: LeadForm;
  name: string;
  label: string;
  required?: boolean;
  /** Words under the label, such as the accepted file types. */
  hint?: string;
  wide?: boolean;
  children: ReactNode;
}

/** A label, the control, and the control's problem beside it. */
export function Field({ form, name, label, required, hint, wide, children }: FieldProps) {
  const error = form.errorFor(name);
  return (
    <div className={`${styles.field} ${wide ? styles.wide : ''}`}>
      <label htmlFor={form.fieldId(name)} className={styles.label}>
        {label}
        {required ? (
          <span className={styles.required}> (required)</span>
        ) : (
          <span className={styles.optional}> (optional)</span>
        )}
      </label>
      {hint && <p className={styles.hint}>{hint}</p>}
      {children}
      {error && (
        <p id={form.errorId(name)} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

interface ControlFieldProps<Attributes> extends Omit<FieldProps, 'children'> {
  /** The control's own attributes; its id, name, problem and what was typed before come from the form. */
  control: Omit<Attributes, 'id' | 'name' | 'defaultValue'>;
}

/** A one-line field (text unless `control.type` says otherwise) in its Field, holding what was typed before. */
export function InputField({ control, ...field }: ControlFieldProps<InputHTMLAttributes<HTMLInputElement>>) {
  const { form, name } = field;
  return (
    <Field {...field}>
      <input type="text" {...control} defaultValue={form.values[name]} {...fieldProps(form, name)} />
    </Field>
  );
}

/** A text area in its Field, holding what was typed before. */
export function TextAreaField({ control, ...field }: ControlFieldProps<TextareaHTMLAttributes<HTMLTextAreaElement>>) {
  const { form, name } = field;
  return (
    <Field {...field}>
      <textarea {...control} defaultValue={form.values[name]} {...fieldProps(form, name)} />
    </Field>
  );
}

interface SelectFieldProps extends Omit<FieldProps, 'children'> {
  /** The first choice, which chooses nothing. */
  noChoice: string;
  options: { value: string; label: string }[];
  /** Chosen when nothing was typed before. */
  initial?: string;
}

/** A choice among a few in its Field, holding what was chosen before. */
export function SelectField({ noChoice, options, initial, ...field }: SelectFieldProps) {
  const { form, name } = field;
  return (
    <Field {...field}>
      <select defaultValue={form.values[name] ?? initial ?? ''} {...fieldProps(form, name)}>
        <option value="">{noChoice}</option>
        {options.map(({ value, label }) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/**
 * The consent box with the exact words the server stores with the lead, and their version: the server records the
 * words this page showed, even if they changed since it was loaded.
 */
export function ConsentField({ form, text }: { form: LeadForm; text: string }) {
  const error = form.errorFor('consent');
  return (
    <div className={`${styles.field} ${styles.wide}`}>
      <div className={styles.consent}>
        <input
          type="checkbox"
          value="yes"
          required
          defaultChecked={form.values.consent !== undefined}
          {...fieldProps(form, 'consent')}
        />
        <label htmlFor={form.fieldId('consent')}>{text}</label>
        <input type="hidden" name="consentVersion" value={consentVersion(text)} />
      </div>
      {error && (
        <p id={form.errorId('consent')} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * What a person never fills in: the time trap's token, the page to come back to without JavaScript, and the
 * honeypot, out of sight and out of the tab order (a program filling every field fills it).
 */
export function HiddenFields({ form }: { form: LeadForm }) {
  const { pathname } = useLocation();
  return (
    <>
      <input type="hidden" name="formToken" value={form.token} />
      <input type="hidden" name={returnToField} value={pathname} />
      <div className={styles.trap} aria-hidden="true">
        <label htmlFor={form.fieldId('website')}>Leave this field empty</label>
        <input type="text" id={form.fieldId('website')} name="website" tabIndex={-1} autoComplete="off" />
      </div>
    </>
  );
}

/** What went wrong as a whole, read out when it appears; focused when no field is at fault. */
export function FormSummary({ form }: { form: LeadForm }) {
  return (
    <p id={form.problemsId} tabIndex={-1} role="alert" className={form.summary ? styles.summary : styles.empty}>
      {form.summary}
    </p>
  );
}

export function SentPanel({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <div tabIndex={-1} role="status" className={styles.sent}>
      <h3>{heading}</h3>
      {children}
    </div>
  );
}

export function SubmitButton({ form, label }: { form: LeadForm; label: string }) {
  return (
    <div className={`${styles.field} ${styles.wide} ${styles.submit}`}>
      <button type="submit" className="button" aria-disabled={form.status === 'sending' ? true : undefined}>
        {form.status === 'sending' ? 'Sending…' : label}
      </button>
    </div>
  );
}

/** Who is writing and how to answer them: the fields both forms begin with, with the schemas' limits. */
export function PersonFields({ form }: { form: LeadForm }) {
  return (
    <>
      <InputField
        form={form}
        name="name"
        label="Your name"
        required
        control={{ autoComplete: 'name', maxLength: 100 }}
      />
      <InputField
        form={form}
        name="email"
        label="E-mail"
        required
        control={{ type: 'email', autoComplete: 'email', maxLength: 254 }}
      />
      <InputField
        form={form}
        name="phone"
        label="Phone"
        control={{ type: 'tel', autoComplete: 'tel', maxLength: 40 }}
      />
    </>
  );
}

interface LeadFormSectionProps {
  form: LeadForm;
  /** The section's id, for links to it (the newsletter's signup is `newsletter`). */
  id?: string;
  heading: string;
  text?: string;
  /** What shows in place of the form once it is sent. */
  sent: ReactNode;
  /** Where the form posts without JavaScript. */
  action: string;
  encType?: string;
  /** The words of the consent the server stores with the lead. */
  consentText: string;
  submitLabel: string;
  /** The fields, in the form's grid, before the consent box and the button. */
  children: ReactNode;
}

/** A lead form's section: its heading and words, then the form, or what was sent once it is. */
export function LeadFormSection(props: LeadFormSectionProps) {
  const { form, id, heading, text, sent, action, encType, consentText, submitLabel, children } = props;
  const headingId = `${form.id}-heading`;
  return (
    <section id={id} className="section" aria-labelledby={headingId}>
      <div className="container">
        <div className={styles.panel}>
          <h2 id={headingId}>{heading}</h2>
          {text && <p className={styles.intro}>{text}</p>}
          {form.status === 'sent' ? (
            sent
          ) : (
            <form
              method="post"
              action={action}
              encType={encType}
              noValidate
              onSubmit={form.onSubmit}
              onChange={form.onChange}
              onFocus={form.onFocus}
              aria-labelledby={headingId}
            >
              <FormSummary form={form} />
              <div className={styles.grid}>
                {children}
                <ConsentField form={form} text={consentText} />
                <HiddenFields form={form} />
                <SubmitButton form={form} label={submitLabel} />
              </div>
            </form>
          )}
        </div>
      </div>
    </section>
  );
}
