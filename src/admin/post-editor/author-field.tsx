import { useAuthors } from '@/api/team/list-authors.ts';
import { roleNames } from '@/domain/team-permissions.ts';
import { useCan } from '../session/admin-session.ts';
import { controlProps, Field } from '../ui/field.tsx';
import fieldStyles from '../ui/field.module.css';
import { fieldLabels } from './field-labels.ts';
import { fieldId, type PostFieldsProps } from './post-field-props.ts';

/** Who signs the post as stored: a member (id and name), or the team (id null) for posts from before roles. */
export interface PostSignature {
  id: string | null;
  name: string;
}

interface AuthorFieldProps extends PostFieldsProps {
  signature: PostSignature;
}

/**
 * Who wrote the post. Editors and above (posts:others) choose among the team's writers; the others see the name,
 * since the server would refuse the change.
 */
export function AuthorField({ values, errors, onChange, signature }: AuthorFieldProps) {
  const mayChoose = useCan('posts:others');
  const authors = useAuthors(mayChoose);
  const id = fieldId('authorId');
  if (!mayChoose) {
    return (
      <p className={fieldStyles.field}>
        <span className={fieldStyles.label}>{fieldLabels.authorId}</span>
        <span>{signature.name}</span>
      </p>
    );
  }
  const chosen = values.authorId || (signature.id ?? '');
  const listed = authors.data ?? [];
  const storedMissing = !listed.some((author) => author._id === chosen);
  return (
    <Field
      id={id}
      label={fieldLabels.authorId}
      error={errors.authorId}
      hint={authors.error ? `The list of writers could not be loaded: ${authors.error.message}` : undefined}
    >
      <select
        value={chosen}
        onChange={(event) => onChange('authorId', event.target.value)}
        {...controlProps(id, errors.authorId, Boolean(authors.error))}
      >
        {storedMissing && (
          <option value={chosen}>
            {signature.id === null && chosen === '' ? `${signature.name} (the team)` : signature.name}
          </option>
        )}
        {listed.map((author) => (
          <option key={author._id} value={author._id}>
            {author.name} ({roleNames[author.role].toLowerCase()})
          </option>
        ))}
      </select>
    </Field>
  );
}
