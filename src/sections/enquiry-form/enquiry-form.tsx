import { sendEnquiry } from '@/api/leads/send-enquiry.ts';
import type { EnquiryInput } from '@/content/types.gen.ts';
import {
  InputField,
  LeadFormSection,
  PersonFields,
  SelectField,
  SentPanel,
  TextAreaField,
} from '@/ui/lead-form/lead-form-parts.tsx';
import { useLeadForm, type LeadFormBehaviour } from '@/ui/lead-form/use-lead-form.ts';
import { validationProblems } from '@/ui/lead-form/validation-problems.ts';
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
  return (
    <LeadFormSection
      form={form}
      heading={section.heading}
      text={section.text}
      action="/api/enquiries"
      consentText={consentText}
      submitLabel={section.submitLabel ?? 'Send enquiry'}
      sent={
        <SentPanel heading="Thank you: your message reached us">
          <p>A strategist will read it and reply within one working day.</p>
        </SentPanel>
      }
    >
      <PersonFields form={form} />
      <InputField
        form={form}
        name="company"
        label="Company"
        control={{ autoComplete: 'organization', maxLength: 200 }}
      />
      <SelectField
        form={form}
        name="service"
        label="Service"
        noChoice="Not sure yet"
        options={site.services.map((service) => ({ value: service.route.slice(1), label: service.title }))}
        initial={section.service}
      />
      <SelectField
        form={form}
        name="budget"
        label="Budget"
        noChoice="Choose a range"
        options={budgets.map((budget) => ({ value: budget, label: budget }))}
      />
      <TextAreaField
        form={form}
        name="message"
        label="How can we help?"
        required
        wide
        hint="At least 10 characters."
        control={{ rows: 6, maxLength: 5000 }}
      />
    </LeadFormSection>
  );
}
