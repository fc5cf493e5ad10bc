import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { BlogPost, BlogPostInput, PostSaveQuery } from '@/content/types.gen.ts';
import { useAdminSession, useCan } from '../session/admin-session.ts';
import { Alert } from '../ui/alert.tsx';
import { AuthorField, type PostSignature } from './author-field.tsx';
import { DraftOffer } from './draft-offer.tsx';
import { EditorTabs, panelId, tabId, type EditorTab } from './editor-tabs.tsx';
import { AutosaveStatus } from './autosave-status.tsx';
import { ErrorSummary } from './error-summary.tsx';
import { HistoryPanel, revisionTime } from './history-panel.tsx';
import { fieldLabels, type FieldErrors } from './field-labels.ts';
import { fieldIdPrefix, type ChangeField } from './post-field-props.ts';
import type { DashboardNotice } from '../dashboard/dashboard-notice.tsx';
import { slugFromTitle, toPostInput, type PostField, type PostFormValues } from './post-form-values.ts';
import { PostMainFields } from './post-main-fields.tsx';
import { PostPreview } from './post-preview.tsx';
import { PostSettingsFields } from './post-settings-fields.tsx';
import type { RestoredRevision } from './revision-view.tsx';
import { ScheduleNote, scheduledFor } from './schedule-actions.tsx';
import { SeoFields } from './seo-fields.tsx';
import { SeoPreviews } from './seo-previews.tsx';
import { SubmitForReview } from './submit-for-review.tsx';
import { describeSaveError, type SaveProblem } from './save-problem.ts';
import { useAutosave } from './use-autosave.ts';
import { useOtherTab } from './use-other-tab.ts';
import { usePostDraft } from './use-post-draft.ts';
import { validatePost } from './validate-post.ts';
import styles from './post-form.module.css';

interface PostFormProps {
  mode: 'create' | 'edit';
  initialValues: PostFormValues;
  /** The version of the post the editor opened; sent back so that the server can refuse to overwrite a newer one. */
  updatedAt?: string;
  /** Where this browser keeps the unsaved draft: one per new post, one per edited post. */
  draftKey: string;
  /** Edit only: the post whose history is shown. */
  postId?: string;
  save: (
    input: BlogPostInput,
    query?: PostSaveQuery,
  ) => Promise<Pick<BlogPost, '_id' | 'title' | 'status' | 'updatedAt' | 'reviewRequestedAt'>>;
  /** Edit only: drops what was typed and loads the version someone else saved. */
  onLoadLatest?: () => void;
  /** Edit only: when the writer submitted the draft for review, if they did. */
  reviewRequestedAt?: string | null;
  /** Edit only: who signs the stored post. A new post is signed by the member writing it. */
  signature?: PostSignature;
  /** Edit only: more of the stored post's publishing, such as sending it to the newsletter. */
  publishing?: ReactNode;
}

/** The one editor for new and existing posts: checks with the schema's rules, keeps a draft, shows a preview. */
export function PostForm({
  mode,
  initialValues,
  updatedAt,
  draftKey,
  postId,
  save,
  onLoadLatest,
  reviewRequestedAt,
  signature,
  publishing,
}: PostFormProps) {
  const navigate = useNavigate();
  const { user } = useAdminSession();
  const publishes = useCan('posts:publish');
  const [values, setValues] = useState(initialValues);
  const [basedOn, setBasedOnState] = useState(updatedAt);
  // Read by Save right after an autosave, before a re-render could hand it the new version.
  const basedOnRef = useRef(updatedAt);
  const setBasedOn = (version: string | undefined) => {
    basedOnRef.current = version;
    setBasedOnState(version);
  };
  const [slugSuggested, setSlugSuggested] = useState(mode === 'create');
  const [tab, setTab] = useState<EditorTab>('write');
  const [checked, setChecked] = useState(false);
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [refusals, setRefusals] = useState(0);
  // The revision brought back into the form, named when saving so that the history says so.
  const [restoredFrom, setRestoredFrom] = useState<RestoredRevision | null>(null);
  const draft = usePostDraft(draftKey, values, initialValues, basedOn);
  const messageRef = useRef<HTMLDivElement>(null);
  const otherTab = useOtherTab(mode === 'edit' && postId ? postId : null);

  // A live or scheduled post changes only on Save; a stored draft that stays a draft saves itself.
  const autosave = useAutosave({
    enabled:
      mode === 'edit' && initialValues.status === 'draft' && values.status === 'draft' && !saving && !restoredFrom,
    values,
    save: async (typed) => {
      const input = toPostInput(typed, basedOnRef.current);
      const invalid = Object.entries(validatePost(input))[0];
      if (invalid) throw new Error(`${fieldLabels[invalid[0] as PostField]}: ${invalid[1]}`);
      const saved = await save(input, { reason: 'autosave' });
      setBasedOn(saved.updatedAt);
    },
  });

  // Once saving has been tried, errors follow the text as it is corrected.
  const clientErrors = useMemo(() => (checked ? validatePost(toPostInput(values)) : {}), [checked, values]);
  const errors: FieldErrors = { ...serverErrors, ...clientErrors };

  useEffect(() => {
    if (refusals > 0) messageRef.current?.focus();
  }, [refusals]);

  const onChange: ChangeField = (field, value) => {
    setValues((current) => {
      const next = { ...current, [field]: value };
      if (field === 'title' && slugSuggested) next.slug = slugFromTitle(String(value));
      return next;
    });
    if (field === 'slug') setSlugSuggested(value === '');
    setServerErrors(({ [field]: _answered, ...rest }) => rest);
  };

  const restoreDraft = () => {
    if (!draft.offer) return;
    setValues(draft.offer.values);
    setBasedOn(draft.offer.basedOn ?? updatedAt);
    setSlugSuggested(mode === 'create' && draft.offer.values.slug === slugFromTitle(draft.offer.values.title));
    draft.answer();
  };

  // Saves what the form holds; on success the editor is left for the dashboard, with a notice when there is one.
  const saveValues = async (typed: PostFormValues, notice?: DashboardNotice) => {
    if (saving) return;
    await autosave.settle();
    const input = toPostInput(typed, mode === 'edit' ? basedOnRef.current : undefined);
    setChecked(true);
    setProblem(null);
    setServerErrors({});
    if (Object.keys(validatePost(input)).length > 0) {
      setTab('write');
      setRefusals((count) => count + 1);
      return;
    }
    setSaving(true);
    try {
      const saved = await save(input, restoredFrom ? { reason: 'restore', revision: restoredFrom._id } : undefined);
      draft.close();
      // A writer who cannot publish is offered the next step at once: submitting the draft for review.
      const toReview =
        !publishes && saved.status === 'draft' && !saved.reviewRequestedAt
          ? { draftToReview: { id: saved._id, title: saved.title } }
          : undefined;
      const state = notice || toReview ? { ...notice, ...toReview } : undefined;
      navigate('/admin', state ? { state } : undefined);
    } catch (error) {
      console.error('Error saving blog', error);
      const found = describeSaveError(error);
      setProblem(found);
      setServerErrors(found.fieldErrors);
      setSaving(false);
      setRefusals((count) => count + 1);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void saveValues(values);
  };

  const schedule = scheduledFor(values);
  // Published at once, at the server's time: no date means now.
  const publishNow = () => {
    const publishing: PostFormValues = { ...values, status: 'published', publishedAt: '' };
    setValues(publishing);
    void saveValues(publishing, { published: { title: publishing.title.trim(), slug: publishing.slug } });
  };

  const restoreRevision = (restored: PostFormValues, revision: RestoredRevision) => {
    setValues(restored);
    setSlugSuggested(false);
    setServerErrors({});
    setRestoredFrom(revision);
    setTab('write');
  };

  const loadLatest = () => {
    draft.close();
    onLoadLatest?.();
  };

  return (
    <>
      {otherTab && (
        <Alert tone="info">
          <p>This post is also open in another tab. Save in one tab only, or one of them will be refused.</p>
        </Alert>
      )}
      {draft.offer && <DraftOffer draft={draft.offer} onRestore={restoreDraft} onDiscard={draft.answer} />}
      {problem ? (
        <Alert ref={messageRef}>
          <p>{problem.message}</p>
          {problem.editedElsewhere && onLoadLatest && (
            <button type="button" className="button button-secondary" onClick={loadLatest}>
              Discard my changes and load the latest version
            </button>
          )}
        </Alert>
      ) : (
        checked && <ErrorSummary ref={messageRef} errors={errors} idPrefix={fieldIdPrefix} />
      )}
      <form
        className={styles.form}
        onSubmit={submit}
        noValidate
        aria-label={mode === 'create' ? 'New post' : 'Edit post'}
      >
        <EditorTabs selected={tab} onSelect={setTab} />
        <div role="tabpanel" id={panelId('write')} aria-labelledby={tabId('write')} hidden={tab !== 'write'}>
          <div className={styles.columns}>
            <fieldset className={styles.panel}>
              <legend className="visually-hidden">The post</legend>
              <PostMainFields values={values} errors={errors} onChange={onChange} slugSuggested={slugSuggested} />
            </fieldset>
            <fieldset className={styles.panel}>
              <legend className={styles.legend}>Publishing</legend>
              <AuthorField
                values={values}
                errors={errors}
                onChange={onChange}
                signature={signature ?? { id: user._id, name: user.name }}
              />
              <PostSettingsFields
                values={values}
                errors={errors}
                onChange={onChange}
                statuses={
                  !publishes
                    ? ['draft']
                    : mode === 'create'
                      ? ['draft', 'published']
                      : ['draft', 'published', 'archived']
                }
              />
              {!publishes && <SubmitForReview postId={postId} requestedAt={reviewRequestedAt} />}
              {publishing}
            </fieldset>
          </div>
          <fieldset className={`${styles.panel} ${styles.seo}`}>
            <legend className={styles.legend}>Search and sharing</legend>
            <SeoFields values={values} errors={errors} onChange={onChange} />
            <SeoPreviews values={values} />
          </fieldset>
        </div>
        <div role="tabpanel" id={panelId('preview')} aria-labelledby={tabId('preview')} hidden={tab !== 'preview'}>
          {tab === 'preview' && <PostPreview values={values} />}
        </div>
        <div className={styles.saveBar}>
          <button type="submit" className="button" disabled={saving}>
            {schedule ? 'Schedule' : 'Save post'}
          </button>
          {schedule && <ScheduleNote publishedAt={schedule} onPublishNow={publishNow} />}
          {/* Leaving on purpose: the draft kept against crashes and reloads is not wanted any more. */}
          <Link to="/admin" className="button button-secondary" onClick={draft.close}>
            Cancel
          </Link>
          {saving ? <span role="status">Saving…</span> : <AutosaveStatus state={autosave.state} />}
        </div>
        <p role="status" className={styles.restored}>
          {restoredFrom &&
            `Restored the writing of the version saved ${revisionTime(restoredFrom.createdAt)} by ${restoredFrom.author}: ` +
              'title, summary, content, tags, categories, cover image, search and sharing fields. Its status, ' +
              'publication date and slug are unchanged. Save to keep it, or Cancel to leave it.'}
        </p>
      </form>
      {mode === 'edit' && postId && <HistoryPanel postId={postId} current={values} onRestore={restoreRevision} />}
    </>
  );
}
