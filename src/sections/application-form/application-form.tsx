import { sendApplication } from '@/api/leads/send-application.ts';
import type { LeadFieldError } from '@/domain/lead-form-state.ts';
import {
  Field,
  LeadFormSection,
  PersonFields,
  SentPanel,
  TextAreaField,
  fieldProps,
} from '@/ui/lead-form/lead-form-parts.tsx';
import { useLeadForm, type LeadFormBehaviour, type LeadFormSubmission } from '@/ui/lead-form/use-lead-form.ts';
import { validationProblems } from '@/ui/lead-form/validation-problems.ts';
import type { SectionProps } from '../types.ts';

const maxCvBytes = 10 * 1024 * 1024;

const chosenCv = (form: HTMLFormElement): File | undefined => {
  const file = new FormData(form).get('cv');
  return file instanceof File && file.size > 0 ? file : undefined;
};

function cvProblems(form: HTMLFormElement): LeadFieldError[] {
  const cv = chosenCv(form);
  if (!cv) return [{ path: '/cv', message: 'is required' }];
  return cv.size > maxCvBytes ? [{ path: '/cv', message: 'must not be larger than 10 MB' }] : [];
}

/** The text fields first, as the form names them, then the CV: the server reads the fields as it reaches the file. */
function applicationBody({ input, form }: LeadFormSubmission): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(input)) {
    if (name === 'attribution') {
      for (const [part, text] of Object.entries(value as Record<string, string>))
        body.append(`attribution.${part}`, text);
    } else body.append(name, String(value));
  }
  body.append('cv', chosenCv(form)!);
  return body;
}

const applicationBehaviour: LeadFormBehaviour = {
  form: 'application',
  async check({ input, form }) {
    const { validate } = await import('@/content/application-input-validator.gen.js');
    return [...(validate(input) ? [] : validationProblems(validate.errors)), ...cvProblems(form)];
  },
  send: (submission) => sendApplication(applicationBody(submission)),
};

/** The job application form with its CV; works with and without JavaScript. */
export function ApplicationForm({ section, site }: SectionProps<'application-form'>) {
  const form = useLeadForm(applicationBehaviour);
  const { roles = [], consentText } = site.forms.application;
  return (
    <LeadFormSection
      form={form}
      heading={section.heading}
      text={section.text}
      action="/api/applications"
      encType="multipart/form-data"
      consentText={consentText}
      submitLabel={'Send application'}
      sent={
        <SentPanel heading="Thank you for applying">
          <p>Your application reached our HR team. A person reads every one, and we reply to every candidate.</p>
        </SentPanel>
      }
    >
      <PersonFields form={form} />
      <Field form={form} name="role" label="Role you are applying for">
        <input
          type="text"
          maxLength={200}
          list={`${form.id}-roles`}
          defaultValue={form.values.role}
          {...fieldProps(form, 'role')}
        />
        <datalist id={`${form.id}-roles`}>
          {roles.map((role) => (
            <option key={role} value={role} />
          ))}
        </datalist>
      </Field>
      <Field form={form} name="cv" label="Your CV" required wide hint="A PDF or Word (.docx) file, up to 10 MB.">
        <input
          type="file"
          accept=".pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
          {...fieldProps(form, 'cv')}
        />
      </Field>
      <TextAreaField form={form} name="coverLetter" label="Cover letter" wide control={{ rows: 6, maxLength: 5000 }} />
    </LeadFormSection>
  );
}
