import getDefaultRegistry from '@rjsf/core/lib/getDefaultRegistry.js';
import type { FieldProps, RegistryFieldsType } from '@rjsf/utils';
import fieldStyles from '../../ui/field.module.css';
import { routePattern } from '../document-problems.ts';
import { fieldLabel } from './labels.ts';
import { SectionsField } from './sections-field.tsx';
import styles from './form.module.css';

/** What the form offers to choose from, given by the page that holds it. */
export interface StudioFormContext {
  /** Every route the site has now (from the content list). */
  routes: string[];
  /** The blog's posts readers see now, at their addresses (/blogs/…): links may lead there too. */
  postRoutes: { route: string; title: string }[];
  /** The site's images in use, with their sizes. */
  images: { src: string; width: number; height: number }[];
}

const defaults = getDefaultRegistry().fields;
const DefaultStringField = defaults.StringField!;
const DefaultObjectField = defaults.ObjectField!;

const lastName = (props: FieldProps) => String(props.fieldPathId.path.at(-1) ?? '');

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

interface ImageValue {
  src?: string;
  alt?: string;
  width?: number;
  height?: number;
}

/** An image: picked among the site's images (which sets its size), with alt text asked for beside its preview. */
function ImageField(props: FieldProps) {
  const { fieldPathId, formData, onChange, registry, disabled, readonly, schema, errorSchema } = props;
  const { images } = registry.formContext as StudioFormContext;
  const image = (formData ?? {}) as ImageValue;
  const id = fieldPathId.$id;
  const set = (next: ImageValue) => onChange(next as never, fieldPathId.path);
  const known = images.some((candidate) => candidate.src === image.src);
  const options =
    image.src && !known ? [{ src: image.src, width: image.width ?? 0, height: image.height ?? 0 }, ...images] : images;
  const problems = (field: keyof ImageValue) =>
    (errorSchema?.[field] as { __errors?: string[] } | undefined)?.__errors ?? [];
  const altProblems = problems('alt');
  const srcProblems = [...problems('src'), ...problems('width'), ...problems('height')];
  const missingAlt = image.src !== undefined && (image.alt ?? '').trim() === '';
  return (
    <fieldset id={id}>
      <legend>{fieldLabel(lastName(props), schema.title)}</legend>
      {schema.description && <p className={styles.description}>{schema.description}</p>}
      <div
        className={fieldStyles.field}
        data-invalid={srcProblems.length > 0 ? true : undefined}
        data-pointer={`/${fieldPathId.path.join('/')}/src`}
      >
        <label htmlFor={`${id}_src`} className={fieldStyles.label}>
          Image file
        </label>
        {srcProblems.map((problem) => (
          <p key={problem} className={fieldStyles.error}>
            {problem}
          </p>
        ))}
        {image.src && <img className={styles.imagePreview} src={image.src} alt="" />}
        <select
          id={`${id}_src`}
          value={image.src ?? ''}
          disabled={disabled || readonly}
          onChange={(event) => {
            const chosen = options.find((candidate) => candidate.src === event.target.value);
            set(
              chosen
                ? { ...image, src: chosen.src, width: chosen.width, height: chosen.height }
                : { ...image, src: undefined },
            );
          }}
        >
          <option value="">Choose an image…</option>
          {options.map((candidate) => (
            <option key={candidate.src} value={candidate.src}>
              {candidate.src} ({candidate.width} × {candidate.height})
            </option>
          ))}
        </select>
      </div>
      <div
        className={fieldStyles.field}
        data-invalid={altProblems.length > 0 ? true : undefined}
        data-pointer={`/${fieldPathId.path.join('/')}/alt`}
      >
        <label htmlFor={`${id}_alt`} className={fieldStyles.label}>
          Alt text
        </label>
        <div id={`${id}_alt-hint`} className={fieldStyles.hint}>
          What the image shows, for people who cannot see it. Leave it empty only for a decorative image that adds
          nothing to the text beside it.
        </div>
        {altProblems.map((problem) => (
          <p key={problem} className={fieldStyles.error}>
            {problem}
          </p>
        ))}
        {missingAlt && altProblems.length === 0 && (
          <p className={fieldStyles.hint} role="note">
            No alt text: screen readers will skip this image. Describe it unless it is only decoration.
          </p>
        )}
        <input
          id={`${id}_alt`}
          value={image.alt ?? ''}
          disabled={disabled || readonly}
          aria-describedby={`${id}_alt-hint`}
          onChange={(event) => set({ ...image, alt: event.target.value })}
        />
      </div>
    </fieldset>
  );
}

function ObjectField(props: FieldProps) {
  if (props.schema.title === 'Image') return <ImageField {...props} />;
  return <DefaultObjectField {...props} />;
}

export const studioFields: RegistryFieldsType = {
  StringField,
  ObjectField,
  sections: SectionsField,
};
