import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@/api/api-client.ts';
import { useChangeTeamMember } from '@/api/team/change-team-member.ts';
import { authorQueryOptions } from '@/api/blog/get-author.ts';
import { mediaQueryOptions } from '@/api/media/get-media.ts';
import { meQueryKey } from '@/api/auth/get-me.ts';
import { MediaPickerDialog } from '../media/media-picker-dialog.tsx';
import { thumbnailUrl } from '../media/media-thumbnail.ts';
import { fieldErrorsOf } from '../security/field-errors.ts';
import styles from '../security/security.module.css';
import { useAdminSession } from '../session/admin-session.ts';
import { Alert } from '../ui/alert.tsx';
import { controlProps, Field } from '../ui/field.tsx';
import profileStyles from './profile-section.module.css';

const labels = { name: 'The name', bio: 'The bio', avatar: 'The avatar' };
const bioLimit = 500;

interface Avatar {
  id: string;
  /** Known once the image is chosen here; the saved avatar's address comes from the media library. */
  src?: string;
}

/** One's own profile: the name shown on one's posts, and the bio and avatar of one's author page. */
export function ProfileSection() {
  const { user } = useAdminSession();
  const queryClient = useQueryClient();
  const change = useChangeTeamMember();
  const [name, setName] = useState(user.name);
  const [nameError, setNameError] = useState<string | undefined>();
  const [bio, setBio] = useState(user.bio ?? '');
  const [avatar, setAvatar] = useState<Avatar | null>(user.avatar ? { id: user.avatar } : null);
  const [picking, setPicking] = useState(false);
  // Back to the avatar's button once the picker closes or the image is removed: the focus must not fall to the page.
  const chooseRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  useEffect(() => {
    if (!returnFocus.current || picking) return;
    returnFocus.current = false;
    chooseRef.current?.focus();
  }, [picking, avatar]);
  const closePicker = () => {
    setPicking(false);
    returnFocus.current = true;
  };
  const savedAvatar = useQuery({
    ...mediaQueryOptions(avatar?.id ?? ''),
    enabled: avatar !== null && avatar.src === undefined,
  });
  const avatarSrc = avatar?.src ?? (savedAvatar.data ? thumbnailUrl(savedAvatar.data) : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const blank = name.trim() === '' ? 'Enter the name to show on your posts.' : undefined;
    setNameError(blank);
    if (blank) return;
    change.mutate(
      { id: user._id, update: { name: name.trim(), bio: bio.trim() || null, avatar: avatar?.id ?? null } },
      { onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }) },
    );
  };
  const serverErrors = fieldErrorsOf(change.error, labels);
  const bioOver = bio.length > bioLimit;
  const bioError = bioOver ? `The bio is ${bio.length - bioLimit} characters too long.` : serverErrors.bio;
  return (
    <section className={styles.panel} aria-labelledby="profile-heading">
      <h2 id="profile-heading">Your profile</h2>
      <form className={styles.form} onSubmit={submit} noValidate aria-label="Your profile">
        {change.error && (
          <Alert>
            <p>Your profile was not changed: {change.error.message}</p>
          </Alert>
        )}
        {change.isSuccess && (
          <Alert tone="success">
            <p>Your profile is saved: your posts and your author page show it.</p>
          </Alert>
        )}
        <Field id="profile-name" label="Name, as shown on your posts" error={nameError ?? serverErrors.name}>
          <input
            {...controlProps('profile-name', nameError ?? serverErrors.name)}
            autoComplete="name"
            maxLength={100}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        </Field>
        <Field
          id="profile-bio"
          label="Short bio"
          error={bioError}
          hint={`Optional, up to ${bioLimit} characters, shown on your author page.`}
        >
          <textarea
            {...controlProps('profile-bio', bioError, true)}
            rows={5}
            value={bio}
            onChange={(event) => setBio(event.target.value)}
          />
          <p className={profileStyles.count} aria-live="polite" data-over={bioOver || undefined}>
            {bio.length} of {bioLimit}
          </p>
        </Field>
        <fieldset
          className={profileStyles.avatar}
          aria-describedby={serverErrors.avatar ? 'profile-avatar-error' : undefined}
          data-invalid={serverErrors.avatar ? true : undefined}
        >
          <legend>Avatar</legend>
          {serverErrors.avatar && (
            <p id="profile-avatar-error" className={profileStyles.error}>
              <span className="visually-hidden">Error: </span>
              {serverErrors.avatar}
            </p>
          )}
          {avatar === null ? (
            <p className={profileStyles.none}>No avatar: your author page shows your name alone.</p>
          ) : avatarSrc ? (
            <img
              className={profileStyles.preview}
              src={avatarSrc}
              alt={name.trim() || user.name}
              width={96}
              height={96}
            />
          ) : (
            <p className={profileStyles.none}>
              {savedAvatar.isError ? 'This image could not be loaded from the media library.' : 'Loading the image…'}
            </p>
          )}
          <div className={styles.actions}>
            <button ref={chooseRef} type="button" className="button button-secondary" onClick={() => setPicking(true)}>
              {avatar === null ? 'Choose from the media library' : 'Choose another image'}
            </button>
            {avatar !== null && (
              <button
                type="button"
                className="button button-secondary"
                onClick={() => {
                  setAvatar(null);
                  returnFocus.current = true;
                }}
              >
                Remove
              </button>
            )}
          </div>
          {picking && (
            <MediaPickerDialog
              purpose="Choose your avatar"
              askAlt={false}
              onPick={(_image, media) => {
                closePicker();
                setAvatar({ id: media._id, src: thumbnailUrl(media) });
              }}
              onClose={closePicker}
            />
          )}
        </fieldset>
        <AuthorPageLine slug={user.slug} />
        <div className={styles.actions}>
          <button type="submit" className="button" disabled={change.isPending || bioOver}>
            {change.isPending ? 'Saving…' : 'Save profile'}
          </button>
        </div>
      </form>
    </section>
  );
}

/** Where readers find one's profile: the author page exists once one has a published post. */
function AuthorPageLine({ slug }: { slug: string | undefined }) {
  const author = useQuery({ ...authorQueryOptions(slug ?? ''), enabled: slug !== undefined });
  if (slug === undefined || author.isPending) return null;
  if (author.data) {
    const href = `/blog/author/${encodeURIComponent(slug)}`;
    return (
      <p className={profileStyles.note}>
        Readers see your profile on <a href={href}>your author page</a>.
      </p>
    );
  }
  return isApiError(author.error, 404) ? (
    <p className={profileStyles.note}>Your author page appears once one of your posts is published.</p>
  ) : null;
}
