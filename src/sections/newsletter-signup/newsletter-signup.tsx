import { subscribe } from '@/api/newsletter/subscribe.ts';
import type { SubscriberInput } from '@/content/types.gen.ts';
import { InputField, LeadFormSection, SentPanel } from '@/ui/lead-form/lead-form-parts.tsx';
import { useLeadForm, type LeadFormBehaviour } from '@/ui/lead-form/use-lead-form.ts';
import { validationProblems } from '@/ui/lead-form/validation-problems.ts';
import type { SectionProps } from '../types.ts';

const signupBehaviour: LeadFormBehaviour = {
  form: 'newsletter',
  async check({ input }) {
    // Loaded when first needed: the page shows without the validator.
    const { validate } = await import('@/content/subscriber-input-validator.gen.js');
    return validate(input) ? [] : validationProblems(validate.errors);
  },
  send: ({ input }) => subscribe(input as unknown as SubscriberInput),
};

/**
 * The newsletter's signup: an address, a name if the reader likes, and the consent of site.json. Sent by the script
 * without a reload, or as a plain form post without JavaScript. Never says whether the address was known.
 */
export function NewsletterSignup({ section, site }: SectionProps<'newsletter-signup'>) {
  const form = useLeadForm(signupBehaviour);
  return (
    <LeadFormSection
      form={form}
      id="newsletter"
      heading={section.heading}
      text={section.text}
      action="/api/subscribers"
      consentText={site.forms.newsletter.consentText}
      submitLabel={section.submitLabel ?? 'Subscribe'}
      sent={
        <SentPanel heading="Check your inbox">
          <p>
            If this address can subscribe, a confirmation link is on its way. Open it within 48 hours to start receiving
            the newsletter.
          </p>
        </SentPanel>
      }
    >
      <InputField
        form={form}
        name="email"
        label="E-mail"
        required
        control={{ type: 'email', autoComplete: 'email', maxLength: 254 }}
      />
      <InputField form={form} name="name" label="Your name" control={{ autoComplete: 'name', maxLength: 100 }} />
    </LeadFormSection>
  );
}
