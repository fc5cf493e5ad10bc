import {
  buttonId,
  getUiOptions,
  type ArrayFieldItemTemplateProps,
  type ArrayFieldTemplateProps,
  type FieldTemplateProps,
  type IconButtonProps,
  type MultiSchemaFieldTemplateProps,
  type ObjectFieldTemplateProps,
  type TemplatesType,
} from '@rjsf/utils';
import fieldStyles from '../../ui/field.module.css';
import { fieldLabel } from './labels.ts';
import { lockedNote } from './permission-fields.ts';
import styles from './form.module.css';

/** The name of the field at the end of a path: the property, or the item's index. */
function lastName(path: readonly (string | number)[]): string {
  return path.length === 0 ? '' : String(path[path.length - 1]);
}

/** Why a list is read-only for this member, and who may change it. */
function LockedNote({ schema }: { schema: object }) {
  const note = lockedNote(schema);
  return note ? <p className={`${styles.description} ${styles.locked}`}>{note}</p> : null;
}

/** A field with its label, its help (the schema's description) and its problems in words, as the admin's forms. */
function FieldTemplate(props: FieldTemplateProps) {
  const { id, children, rawErrors = [], rawDescription, hidden, required, displayLabel, schema, fieldPathId } = props;
  if (hidden) return <div hidden>{children}</div>;
  // A constant (a section's or a slide's type) is not the person's to change: no label, no field.
  if (schema.const !== undefined) return null;
  const label = fieldLabel(lastName(fieldPathId.path), schema.title);
  const problems = [...new Set(rawErrors)];
  const isCheckbox = schema.type === 'boolean';
  const locked = lockedNote(schema);
  if (!displayLabel) {
    return (
      <div data-pointer={`/${fieldPathId.path.join('/')}`}>
        {children}
        {problems.length > 0 && (
          <ul id={`${id}__error`} className={fieldStyles.error}>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        )}
      </div>
    );
  }
  return (
    <div
      className={isCheckbox ? styles.checkbox : fieldStyles.field}
      data-invalid={problems.length > 0 ? true : undefined}
      data-pointer={`/${fieldPathId.path.join('/')}`}
    >
      {isCheckbox ? (
        children
      ) : (
        <label htmlFor={id} className={fieldStyles.label}>
          {label}
          {required && <span aria-hidden="true"> *</span>}
        </label>
      )}
      {(rawDescription || locked) && (
        // The note is part of the description, which the control names as describing it.
        <div id={`${id}__description`} className={fieldStyles.hint}>
          {rawDescription}
          {locked && <p className={styles.locked}>{locked}</p>}
        </div>
      )}
      {problems.map((problem) => (
        <p key={problem} id={`${id}__error`} className={fieldStyles.error}>
          <span className="visually-hidden">Error: </span>
          {problem}
        </p>
      ))}
      {!isCheckbox && children}
    </div>
  );
}

function ObjectFieldTemplate({ properties, schema, fieldPathId, description, uiSchema }: ObjectFieldTemplateProps) {
  // The document itself, and a section (whose list names it), need no box of their own.
  // A union (a slide that is a card or a testimonial) has no fields of its own: its chosen kind shows them.
  if ((schema.oneOf || schema.anyOf) && !schema.properties && properties.length === 0) return null;
  if (fieldPathId.path.length === 0 || getUiOptions(uiSchema).label === false)
    return <>{properties.map((property) => property.content)}</>;
  return (
    <fieldset id={fieldPathId.$id}>
      <legend>{fieldLabel(lastName(fieldPathId.path), schema.title)}</legend>
      {description && <div className={styles.description}>{description}</div>}
      {properties.map((property) => property.content)}
    </fieldset>
  );
}

/** The choice of a union's kind (a card or a testimonial), labelled, above the chosen kind's fields. */
function MultiSchemaFieldTemplate({ selector, optionSchemaField }: MultiSchemaFieldTemplateProps) {
  return (
    <>
      <div className={fieldStyles.field}>
        <label className={fieldStyles.label}>Kind {selector}</label>
      </div>
      {optionSchemaField}
    </>
  );
}

function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const { items, canAdd, onAddClick, schema, fieldPathId, disabled, readonly, registry, uiSchema } = props;
  const { AddButton } = registry.templates.ButtonTemplates;
  const name = fieldLabel(lastName(fieldPathId.path), schema.title);
  return (
    <fieldset id={fieldPathId.$id}>
      <legend>{name}</legend>
      {schema.description && <p className={styles.description}>{schema.description}</p>}
      <LockedNote schema={schema} />
      {items}
      {canAdd && !readonly && (
        <AddButton
          id={buttonId(fieldPathId, 'add')}
          onClick={onAddClick}
          disabled={disabled || readonly}
          uiSchema={uiSchema}
          registry={registry}
          title={`Add to ${name.toLowerCase()}`}
        />
      )}
    </fieldset>
  );
}

function ArrayFieldItemTemplate({
  children,
  buttonsProps,
  hasToolbar,
  registry,
  uiSchema,
}: ArrayFieldItemTemplateProps) {
  const { ArrayFieldItemButtonsTemplate } = registry.templates;
  return (
    <div className={styles.item}>
      {children}
      {/* A list the member may not change offers no button to change it. */}
      {hasToolbar && !buttonsProps.readonly && (
        <div className={styles.tools}>
          <ArrayFieldItemButtonsTemplate {...buttonsProps} uiSchema={uiSchema} registry={registry} />
        </div>
      )}
    </div>
  );
}

/** A button that says what it does; which item it acts on is read from the field it follows. */
function textButton(text: string, secondary = true) {
  return function TextButton({
    className: _className,
    uiSchema: _uiSchema,
    registry: _registry,
    iconType: _iconType,
    icon: _icon,
    title,
    ...rest
  }: IconButtonProps) {
    return (
      <button type="button" className={secondary ? 'button button-secondary' : 'button'} {...rest}>
        {title && text === 'Add' ? title : text}
      </button>
    );
  };
}

export const studioTemplates: Partial<Omit<TemplatesType, 'ButtonTemplates'>> & {
  ButtonTemplates: Partial<TemplatesType['ButtonTemplates']>;
} = {
  FieldTemplate,
  ObjectFieldTemplate,
  ArrayFieldTemplate,
  ArrayFieldItemTemplate,
  MultiSchemaFieldTemplate,
  ButtonTemplates: {
    AddButton: textButton('Add'),
    MoveUpButton: textButton('Move up'),
    MoveDownButton: textButton('Move down'),
    CopyButton: textButton('Duplicate'),
    RemoveButton: textButton('Remove'),
    SubmitButton: () => null,
  },
};
