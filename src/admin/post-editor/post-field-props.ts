import type { FieldErrors } from './field-labels.ts';
import type { PostField, PostFormValues } from './post-form-values.ts';

export type ChangeField = <F extends PostField>(field: F, value: PostFormValues[F]) => void;

/** What each group of the editor's fields receives. */
export interface PostFieldsProps {
  values: PostFormValues;
  errors: FieldErrors;
  onChange: ChangeField;
}

/** Ids of the editor's controls: the error summary links to them. */
export const fieldIdPrefix = 'post-';
export const fieldId = (field: PostField) => `${fieldIdPrefix}${field}`;
