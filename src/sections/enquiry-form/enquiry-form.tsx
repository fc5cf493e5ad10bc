import { sendEnquiry } from '@/api/send-enquiry.ts';
import type { EnquiryInput } from '@/content/types.gen.ts';
import {
  ConsentField,
  Field,
  FormSummary,
  HiddenFields,
  PersonFields,
  SentPanel,
  SubmitButton,
  fieldProps,
} from '@/ui/lead-form/lead-form-parts.tsx';
import { useLeadForm, type LeadFormBehaviour } from '@/ui/lead-form/use-lead-form.ts';
import { validationProblems } from '@/ui/lead-form/validation-problems.ts';
import styles from '@/ui/lead-form/lead-form.module.css';
import type { SectionProps } from '../types.ts';

const enquiryBehaviour: LeadFormBehaviour = {
  form: 'enquiry',
  async check({ input }) {
    // Loaded when first needed: the page shows without the validator.
    const { validate } = await import('@/content/enquiry-input-validator.gen.js');
    return validate(input) ? [] : validationProblems(validate.errors);
  },
  send: ({ input }) => sendEnquiry(input as unknown as EnquiryInput),
};

/** The enquiry form: sent by the script without a reload, or as a plain form post without JavaScript. */
export function EnquiryForm({ section, site }: SectionProps<'enquiry-form'>) {
  const form = useLeadForm(enquiryBehaviour);
  const { budgets, consentText } = site.forms.enquiry;
  const headingId = `${form.id}-heading`;
  return (
    <section className="section" aria-labelledby={headingId}>
      <div className="container">
        <div className={styles.panel}>
          <h2 id={headingId}>{section.heading}</h2>
          {section.text && <p className={styles.intro}>{section.text}</p>}
          {form.status === 'sent' ? (
            <SentPanel heading="Thank you: your message reached us">
              <p>A strategist will read it and reply within one working day.</p>
            </SentPanel>
          ) : (
            <form
              method="post"
              action="/api/enquiries"
              noValidate
              onSubmit={form.onSubmit}
              onFocus={form.onFocus}
              aria-labelledby={headingId}
            >
              <FormSummary form={form} />
              <div className={styles.grid}>
                <PersonFields form={form} />
                <Field form={form} name="company" label="Company">
                  <input
                    type="text"
                    autoComplete="organization"
                    maxLength={200}
                    defaultValue={form.values.company}
                    {...fieldProps(form, 'company')}
                  />
                </Field>
                <Field form={form} name="service" label="Service">
                  <select defaultValue={form.values.service ?? section.service ?? ''} {...fieldProps(form, 'service')}>
                    <option value="">Not sure yet</option>
                    {site.services.map((service) => (
                      <option key={service.route} value={service.route.slice(1)}>
                        {service.title}
                      </option>
                    ))}
                  </select>
                </Field>
                <Field form={form} name="budget" label="Budget">
                  <select defaultValue={form.values.budget ?? ''} {...fieldProps(form, 'budget')}>
                    <option value="">Choose a range</option>
                    {budgets.map((budget) => (
                      <option key={budget} value={budget}>
                        {budget}
                      </option>
                    ))}
                  </select>
                </Field>
                <Field form={form} name="message" label="How can we help?" required wide hint="At least 10 characters.">
                  <textarea
                    rows={6}
                    maxLength={5000}
                    defaultValue={form.values.message}
                    {...fieldProps(form, 'message')}
                  />
                </Field>
                <ConsentField form={form} text={consentText} />
                <HiddenFields form={form} />
                <SubmitButton form={form} label={section.submitLabel ?? 'Send enquiry'} />
              </div>
            </form>
          )}
        </div>
      </div>
    </section>
  );
}
