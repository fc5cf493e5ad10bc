import { useState } from 'react';
import postSchema from '../../../schemas/blog-post.schema.json';
import { controlProps, Field } from '../ui/field.tsx';
import { convertContent } from './convert-content-format.ts';
import { fieldLabels } from './field-labels.ts';
import { RichTextEditor } from './rich-text/rich-text-editor.tsx';
import { fieldId, type PostFieldsProps } from './post-field-props.ts';
import type { PostFormValues } from './post-form-values.ts';
import styles from './post-form.module.css';

const richTextProps = (props: ReturnType<typeof controlProps>) => ({
  describedBy: props['aria-describedby'],
  invalid: props['aria-invalid'],
});

const summaryMaxLength = postSchema.properties.summary.maxLength;
const titleMaxLength = postSchema.properties.title.maxLength;

interface PostMainFieldsProps extends PostFieldsProps {
  /** Whether the slug still follows the title. */
  slugSuggested: boolean;
}

/** Title, slug, content and summary: what the post says. */
export function PostMainFields({ values, errors, onChange, slugSuggested }: PostMainFieldsProps) {
  const summaryLength = [...values.summary].length;
  const titleLength = [...values.title].length;
  const [converted, setConverted] = useState('');
  const switchFormat = (format: PostFormValues['contentFormat']) => {
    const content = convertContent(values.content, values.contentFormat, format);
    if (content !== values.content) {
      onChange('content', content);
      setConverted(
        format === 'markdown'
          ? 'The content was converted from HTML to Markdown: check its headings, links and images.'
          : 'The content was converted from Markdown to formatted text: check its headings, links and images.',
      );
    }
    onChange('contentFormat', format);
  };
  return (
    <>
      <Field
        id={fieldId('title')}
        label={fieldLabels.title}
        error={errors.title}
        hint={
          <span className={titleLength > titleMaxLength ? styles.overLimit : undefined}>
            {titleLength}/{titleMaxLength} characters
          </span>
        }
      >
        <input
          type="text"
          value={values.title}
          onChange={(event) => onChange('title', event.target.value)}
          aria-required="true"
          {...controlProps(fieldId('title'), errors.title, true)}
        />
      </Field>
      <Field
        id={fieldId('slug')}
        label={fieldLabels.slug}
        error={errors.slug}
        hint={
          <>
            The address: /blogs/<strong>{values.slug || 'your-slug'}</strong>.{' '}
            {slugSuggested ? 'Suggested from the title until you change it.' : 'Clear it to follow the title again.'}
          </>
        }
      >
        <input
          type="text"
          value={values.slug}
          onChange={(event) => onChange('slug', event.target.value)}
          aria-required="true"
          autoCapitalize="none"
          spellCheck={false}
          {...controlProps(fieldId('slug'), errors.slug, true)}
        />
      </Field>
      <Field
        id={fieldId('contentFormat')}
        label={fieldLabels.contentFormat}
        error={errors.contentFormat}
        hint={<span role="status">{converted || 'Switching converts the content to the other format.'}</span>}
      >
        <select
          value={values.contentFormat}
          onChange={(event) => switchFormat(event.target.value as PostFormValues['contentFormat'])}
          {...controlProps(fieldId('contentFormat'), errors.contentFormat, true)}
        >
          <option value="html">HTML</option>
          <option value="markdown">Markdown</option>
        </select>
      </Field>
      <Field
        id={fieldId('content')}
        label={fieldLabels.content}
        error={errors.content}
        hint={
          values.contentFormat === 'markdown'
            ? 'Markdown: # for headings, **bold**, [link](https://…), - for lists.'
            : 'Type ## for a heading, - or 1. for a list, > for a quote; Ctrl+B, Ctrl+I and Ctrl+K for bold, italic and links.'
        }
      >
        {values.contentFormat === 'html' ? (
          <RichTextEditor
            id={fieldId('content')}
            labelId={`${fieldId('content')}-label`}
            value={values.content}
            onChange={(html) => onChange('content', html)}
            {...richTextProps(controlProps(fieldId('content'), errors.content, true))}
          />
        ) : (
          <textarea
            className={styles.content}
            rows={16}
            value={values.content}
            onChange={(event) => onChange('content', event.target.value)}
            aria-required="true"
            spellCheck
            {...controlProps(fieldId('content'), errors.content, true)}
          />
        )}
      </Field>
      <Field
        id={fieldId('summary')}
        label={fieldLabels.summary}
        error={errors.summary}
        hint={
          <span className={summaryLength > summaryMaxLength ? styles.overLimit : undefined}>
            Optional; shown on cards and in search results. {summaryLength}/{summaryMaxLength} characters
          </span>
        }
      >
        <textarea
          rows={3}
          value={values.summary}
          onChange={(event) => onChange('summary', event.target.value)}
          {...controlProps(fieldId('summary'), errors.summary, true)}
        />
      </Field>
    </>
  );
}
