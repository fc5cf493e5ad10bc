import getDefaultRegistry from '@rjsf/core/lib/getDefaultRegistry.js';
import { useState } from 'react';
import type { FieldProps, RegistryFieldsType, RegistryWidgetsType, WidgetProps } from '@rjsf/utils';
import { routePattern } from '../document-problems.ts';
import { ImageField, isImageSchema } from './image-field.tsx';
import type { StudioFormContext } from './form-context.ts';
import { problemsErrorSchema } from './rjsf-validator.ts';
import { optionLabel } from './labels.ts';
import { SectionsField } from './sections-field.tsx';

const defaults = getDefaultRegistry().fields;
const DefaultSelectWidget = getDefaultRegistry().widgets.SelectWidget!;
const DefaultStringField = defaults.StringField!;
const DefaultObjectField = defaults.ObjectField!;

/**
 * A link to a route of this site: a choice among the routes that exist (the content's pages, then the blog's
 * published posts), never a free path that may lead nowhere. A stored route that no longer exists stays shown, named
 * as such, until the person picks another.
 */
function RouteSelect(props: FieldProps) {
  const { fieldPathId, formData, onChange, registry, disabled, readonly, required, rawErrors } = props;
  const { routes, postRoutes } = registry.formContext as StudioFormContext;
  const value = typeof formData === 'string' ? formData : '';
  const exists = value === '' || routes.includes(value) || postRoutes.some(({ route }) => route === value);
  const id = fieldPathId.$id;
  return (
    <select
      id={id}
      value={value}
      required={required}
      disabled={disabled || readonly}
      aria-invalid={(rawErrors && rawErrors.length > 0) || !exists ? true : undefined}
      aria-describedby={`${id}__description`}
      onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value, fieldPathId.path)}
    >
      <option value="">Choose a page…</option>
      {!exists && <option value={value}>{value} (no such page: choose another)</option>}
      <optgroup label="Pages">
        {routes.map((route) => (
          <option key={route} value={route}>
            {route}
          </option>
        ))}
      </optgroup>
      {postRoutes.length > 0 && (
        <optgroup label="Blog posts">
          {postRoutes.map(({ route, title }) => (
            <option key={route} value={route}>
              {title} ({route})
            </option>
          ))}
        </optgroup>
      )}
    </select>
  );
}

/**
 * Strings: a constant (a section's type) shows nothing; a route leading elsewhere is chosen among the routes; a long
 * text is a text area.
 */
function StringField(props: FieldProps) {
  if (props.schema.const !== undefined) return null;
  const linksElsewhere = props.schema.pattern === routePattern && props.fieldPathId.path.length > 1;
  if (linksElsewhere) return <RouteSelect {...props} />;
  // A paragraph (a schema allowing more than a line's worth) is written in a box that grows with it.
  if ((props.schema.maxLength ?? 0) > 120)
    return <DefaultStringField {...props} uiSchema={{ ...props.uiSchema, 'ui:widget': 'textarea' }} />;
  return <DefaultStringField {...props} />;
}

/**
 * Fields a section's schema allows on every page but that apply to some kinds of page only: the hero's author line
 * is an article's byline. A field that already has a value stays offered, so that it can be changed or removed.
 */
const appliesTo: Record<string, Record<string, string[]>> = { hero: { author: ['article'] } };

function withoutInapplicable(props: FieldProps): FieldProps['schema'] {
  const { schema, formData, registry } = props;
  const rules = appliesTo[String((formData as { type?: unknown } | undefined)?.type)];
  if (!rules || !schema.properties) return schema;
  const { pageKind = 'page' } = registry.formContext as StudioFormContext;
  const hidden = Object.keys(rules).filter(
    (name) => !rules[name]!.includes(pageKind) && (formData as Record<string, unknown>)[name] === undefined,
  );
  if (hidden.length === 0) return schema;
  return {
    ...schema,
    properties: Object.fromEntries(Object.entries(schema.properties).filter(([name]) => !hidden.includes(name))),
  };
}

/**
 * A testimonial: its logo is its company's. When the company changes and the logo stays the one it had, the logo says
 * so, so that a new client's words do not go out under the old client's logo.
 */
function TestimonialField(props: FieldProps) {
  const data = (props.formData ?? {}) as { company?: unknown; logo?: { src?: unknown } };
  const [first] = useState(() => ({ company: data.company, logo: data.logo?.src }));
  const stale = data.company !== first.company && data.logo?.src === first.logo && typeof first.company === 'string';
  const uiSchema = stale
    ? {
        ...props.uiSchema,
        logo: {
          ...(props.uiSchema?.logo as object | undefined),
          'ui:options': {
            notice: `The company is now “${String(data.company ?? '')}”, but this is still ${first.company}’s logo: choose the new company’s.`,
          },
        },
      }
    : props.uiSchema;
  return <DefaultObjectField {...props} schema={withoutInapplicable(props)} uiSchema={uiSchema} />;
}

/**
 * Objects: an image has a field of its own. The document's own object takes its problems from the form's context,
 * built from the document as it is now, in place of the form library's error state.
 */
function ObjectField(props: FieldProps) {
  if (isImageSchema(props.schema)) return <ImageField {...props} />;
  if (props.fieldPathId.path.length === 0) {
    const { problems = [] } = props.registry.formContext as StudioFormContext;
    return <DefaultObjectField {...props} errorSchema={problemsErrorSchema(problems)} />;
  }
  if (props.schema.properties?.company && props.schema.properties.logo) return <TestimonialField {...props} />;
  return <DefaultObjectField {...props} schema={withoutInapplicable(props)} />;
}

/** A choice, its options in words: a union's kinds are named by their schemas' type names (`CardSlide`). */
function SelectWidget(props: WidgetProps) {
  const enumOptions = props.options.enumOptions?.map((option) => ({ ...option, label: optionLabel(option.label) }));
  return <DefaultSelectWidget {...props} options={{ ...props.options, enumOptions }} />;
}

export const studioWidgets: RegistryWidgetsType = { SelectWidget };

export const studioFields: RegistryFieldsType = {
  StringField,
  ObjectField,
  sections: SectionsField,
};
