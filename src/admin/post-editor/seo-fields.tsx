import postSchema from '../../../schemas/blog-post.schema.json';
import { controlProps, Field } from '../ui/field.tsx';
import { CoverImagePicker } from './cover-image-picker.tsx';
import { fieldLabels } from './field-labels.ts';
import { fieldId, type PostFieldsProps } from './post-field-props.ts';
import type { PostField } from './post-form-values.ts';
import styles from './post-form.module.css';

const limits = {
  metaTitle: postSchema.properties.metaTitle.maxLength,
  metaDescription: postSchema.properties.metaDescription.maxLength,
};

function Counter({ text, limit, advice }: { text: string; limit: number; advice: string }) {
  const length = [...text].length;
  return (
    <span className={length > limit ? styles.overLimit : undefined}>
      {advice} {length}/{limit} characters
    </span>
  );
}

/** Title, description, image and canonical address for search engines and social cards. */
export function SeoFields({ values, errors, onChange }: PostFieldsProps) {
  const text = (field: PostField & ('ogImage' | 'canonicalUrl' | 'metaTitle'), hint: boolean) => ({
    type: 'text',
    value: values[field],
    onChange: (event: { target: { value: string } }) => onChange(field, event.target.value),
    ...controlProps(fieldId(field), errors[field], hint),
  });
  return (
    <>
      <Field
        id={fieldId('metaTitle')}
        label={fieldLabels.metaTitle}
        error={errors.metaTitle}
        hint={<Counter text={values.metaTitle} limit={limits.metaTitle} advice="Optional; the title when empty." />}
      >
        <input {...text('metaTitle', true)} />
      </Field>
      <Field
        id={fieldId('metaDescription')}
        label={fieldLabels.metaDescription}
        error={errors.metaDescription}
        hint={
          <Counter
            text={values.metaDescription}
            limit={limits.metaDescription}
            advice="Optional; the summary when empty."
          />
        }
      >
        <textarea
          rows={3}
          value={values.metaDescription}
          onChange={(event) => onChange('metaDescription', event.target.value)}
          {...controlProps(fieldId('metaDescription'), errors.metaDescription, true)}
        />
      </Field>
      <Field
        id={fieldId('ogImage')}
        label={fieldLabels.ogImage}
        error={errors.ogImage}
        hint="Optional; the cover image when empty. Best at 1200 × 630 pixels."
      >
        <input {...text('ogImage', true)} inputMode="url" autoCapitalize="none" spellCheck={false} />
        <CoverImagePicker
          purpose="Choose a sharing image"
          buttonLabel="Choose the card’s picture from the media library"
          onPick={(url) => onChange('ogImage', url)}
        />
      </Field>
      <Field
        id={fieldId('canonicalUrl')}
        label={fieldLabels.canonicalUrl}
        error={errors.canonicalUrl}
        hint="Optional. Only when the post first appeared elsewhere: its full address there."
      >
        <input {...text('canonicalUrl', true)} inputMode="url" autoCapitalize="none" spellCheck={false} />
      </Field>
    </>
  );
}
