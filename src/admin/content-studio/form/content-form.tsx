// The package's index also exports a test registry that needs @rjsf/validator-ajv8, which we do not use.
import Form from '@rjsf/core/lib/components/Form.js';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { useContext, useMemo } from 'react';
import { can } from '@/domain/team-permissions.ts';
import { AdminSessionContext } from '../../session/admin-session.ts';
import type { DocumentProblem } from '../document-problems.ts';
import { studioFields, studioWidgets } from './fields.tsx';
import type { StudioFormContext } from './form-context.ts';
import { lockFields } from './permission-fields.ts';
import { documentValidator } from './rjsf-validator.ts';
import { studioTemplates } from './templates.tsx';
import styles from './form.module.css';

type Document = Record<string, unknown>;

interface ContentFormProps {
  schema: RJSFSchema;
  document: Document;
  onChange: (document: Document) => void;
  context: StudioFormContext;
  /** What is wrong with the document (the schema's rules, and the server's across documents): each beside its field. */
  problems: DocumentProblem[];
  readOnly: boolean;
}

/**
 * The form adds nothing the person did not write: no defaults (the site applies them when it renders) and no empty
 * item to reach an optional list's minimum (a prose block's list became [undefined], an error on opening the page).
 */
const noDefaults = {
  arrayMinItems: { populate: 'never' },
  emptyObjectFields: 'skipDefaults',
  constAsDefaults: 'never',
} as const;

const uiSchema: UiSchema = {
  $schema: { 'ui:widget': 'hidden' },
  sections: { 'ui:field': 'sections' },
  'ui:submitButtonOptions': { norender: true },
};

/**
 * The document's form, generated from its own JSON Schema by react-jsonschema-form. The page checks the document
 * (documentProblems) and hands the problems in, so that they show where they are whatever their source. They reach
 * the fields through the form's context (fields.tsx), not the library's error state: that state keeps errors by
 * position, so a moved section kept the flags of the one before it.
 */
export function ContentForm({ schema, document, onChange, context, problems, readOnly }: ContentFormProps) {
  // Outside the admin's session (a component's test) every protected field is read-only.
  const role = useContext(AdminSessionContext)?.user.role;
  const shown = useMemo(
    () => lockFields(schema, (permission) => role !== undefined && can(role, permission)),
    [schema, role],
  );
  const formContext = useMemo(() => ({ ...context, problems }), [context, problems]);
  return (
    <Form
      className={styles.form}
      schema={shown}
      uiSchema={uiSchema}
      formData={document}
      validator={documentValidator}
      fields={studioFields}
      widgets={studioWidgets}
      templates={studioTemplates}
      formContext={formContext}
      showErrorList={false}
      noHtml5Validate
      experimental_defaultFormStateBehavior={noDefaults}
      readonly={readOnly}
      idPrefix="doc"
      onChange={(event) => onChange(event.formData as Document)}
      onSubmit={() => undefined}
    />
  );
}
