import getDefaultRegistry from '@rjsf/core/lib/getDefaultRegistry.js';
import type { FieldProps, RegistryFieldsType } from '@rjsf/utils';
import { routePattern } from '../document-problems.ts';
import { ImageField, isImageSchema } from './image-field.tsx';
import type { StudioFormContext } from './form-context.ts';
import { problemsErrorSchema } from './rjsf-validator.ts';
import { SectionsField } from './sections-field.tsx';

const defaults = getDefaultRegistry().fields;
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

/** Strings: a constant (a section's type) shows nothing; a route leading elsewhere is chosen among the routes. */
function StringField(props: FieldProps) {
  if (props.schema.const !== undefined) return null;
  const linksElsewhere = props.schema.pattern === routePattern && props.fieldPathId.path.length > 1;
  if (linksElsewhere) return <RouteSelect {...props} />;
  return <DefaultStringField {...props} />;
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
  return <DefaultObjectField {...props} />;
}

export const studioFields: RegistryFieldsType = {
  StringField,
  ObjectField,
  sections: SectionsField,
};
