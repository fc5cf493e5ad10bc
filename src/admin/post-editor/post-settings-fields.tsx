import { controlProps, Field, InputField } from '../ui/field.tsx';
import { CoverImageField } from './cover-image-field.tsx';
import { fieldLabels } from './field-labels.ts';
import { fieldId, type PostFieldsProps } from './post-field-props.ts';
import type { PostFormValues } from './post-form-values.ts';

const statusLabels = { draft: 'Draft', published: 'Published', archived: 'Archived' } as const;

interface PostSettingsFieldsProps extends PostFieldsProps {
  /** Archiving is for posts that exist: a new post is a draft or published. */
  statuses: PostFormValues['status'][];
}

/** Status, date, cover and classification: how and where the post appears. */
export function PostSettingsFields({ values, errors, onChange, statuses }: PostSettingsFieldsProps) {
  const termsHint = 'Separate them with commas.';
  return (
    <>
      <Field id={fieldId('status')} label={fieldLabels.status} error={errors.status}>
        <select
          value={values.status}
          onChange={(event) => onChange('status', event.target.value as PostFormValues['status'])}
          {...controlProps(fieldId('status'), errors.status)}
        >
          {statuses.map((status) => (
            <option key={status} value={status}>
              {statusLabels[status]}
            </option>
          ))}
        </select>
      </Field>
      <InputField
        id={fieldId('publishedAt')}
        label={fieldLabels.publishedAt}
        error={errors.publishedAt}
        hint="Optional. Left empty, a published post goes out now; a later date schedules it."
        value={values.publishedAt}
        onChange={(value) => onChange('publishedAt', value)}
        control={{ type: 'datetime-local' }}
      />
      <div>
        <input
          type="checkbox"
          id={fieldId('commentsOpen')}
          checked={values.commentsOpen}
          onChange={(event) => onChange('commentsOpen', event.target.checked)}
        />{' '}
        <label htmlFor={fieldId('commentsOpen')}>{fieldLabels.commentsOpen}</label>
      </div>
      <CoverImageField values={values} errors={errors} onChange={onChange} />
      <Field id={fieldId('tags')} label={fieldLabels.tags} error={errors.tags} hint={`${termsHint} Shown as #tags.`}>
        <input
          type="text"
          value={values.tags}
          onChange={(event) => onChange('tags', event.target.value)}
          {...controlProps(fieldId('tags'), errors.tags, true)}
        />
      </Field>
      <Field id={fieldId('categories')} label={fieldLabels.categories} error={errors.categories} hint={termsHint}>
        <input
          type="text"
          value={values.categories}
          onChange={(event) => onChange('categories', event.target.value)}
          {...controlProps(fieldId('categories'), errors.categories, true)}
        />
      </Field>
    </>
  );
}
