import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useContentImages, useLibraryImages } from '@/api/content-studio/content-images.ts';
import { contentDocumentQueryOptions } from '@/api/content-studio/get-content-document.ts';
import { useSaveContentDocument } from '@/api/content-studio/save-content-document.ts';
import type { ContentDocumentVersion } from '@/content/types.gen.ts';
import { Alert } from '../ui/alert.tsx';
import { PageHeader } from '../ui/page-header.tsx';
import { dropContentDraft, keepContentDraft, readContentDraft } from './content-draft.ts';
import { documentChanges, suggestMessage } from '@/domain/content-changes.ts';
import { documentProblems, type DocumentProblem } from './document-problems.ts';
import { documentSchema } from './document-schemas.ts';
import { ContentForm } from './form/content-form.tsx';
import type { StudioFormContext } from './form/form-context.ts';
import { libraryImage } from './form/library-images.ts';
import { imagesIn, sectionCatalogue } from './form/section-catalogue.ts';
import { HistoryPanel } from './history-panel.tsx';
import { PreviewFrame } from './preview-frame.tsx';
import { ReadOnlyNotice } from './read-only-notice.tsx';
import { SaveOutcome, type Outcome } from './save-outcome.tsx';
import { saveFailure } from './save-problem.ts';
import fieldStyles from '../ui/field.module.css';
import styles from './studio.module.css';

type Document = Record<string, unknown>;

interface DocumentEditorProps {
  loaded: ContentDocumentVersion;
  title: string;
  routes: string[];
  /** The blog's published posts, which links may lead to as well. */
  postRoutes: StudioFormContext['postRoutes'];
  writable: boolean;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The form, its preview and its save: the person's edits are kept in this tab until saved. */
export function DocumentEditor({ loaded, title, routes, postRoutes, writable }: DocumentEditorProps) {
  const queryClient = useQueryClient();
  const save = useSaveContentDocument();
  const [base, setBase] = useState({ document: loaded.document, version: loaded.version });
  const [restored] = useState(() => {
    const draft = readContentDraft(loaded.id);
    return draft && !same(draft.document, loaded.document) ? draft : null;
  });
  const [document, setDocument] = useState<Document>(restored?.document ?? loaded.document);
  const [basedOn, setBasedOn] = useState(restored?.basedOn ?? loaded.version);
  const [message, setMessage] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(restored ? { kind: 'restored', at: restored.savedAt } : null);
  const [serverProblems, setServerProblems] = useState<DocumentProblem[]>([]);
  const [refused, setRefused] = useState(false);
  const summary = useRef<HTMLDivElement>(null);

  const schema = useMemo(() => documentSchema(loaded.schema), [loaded.schema]);
  const problems = useMemo(
    () => [...documentProblems(loaded.schema, document), ...serverProblems],
    [loaded.schema, document, serverProblems],
  );
  const siteImages = useContentImages();
  const libraryImages = useLibraryImages();
  // Until the list arrives, the images the document and the section examples use are offered.
  const images = useMemo(
    () => siteImages.data ?? [...imagesIn([loaded.document, sectionCatalogue.map((entry) => entry.section)]).values()],
    [siteImages.data, loaded.document],
  );
  const library = useMemo(() => libraryImages.data?.map(libraryImage), [libraryImages.data]);
  const libraryProblem = libraryImages.isError
    ? 'The media library could not be read just now: its images are not offered. Reload the page to try again.'
    : undefined;
  const changed = !same(document, base.document);
  const suggested = suggestMessage(base.document, document, (loaded.document.route as string | undefined) ?? title);
  const readOnly = !writable;
  const isPage = loaded.schema === 'page.schema.json';

  useEffect(() => {
    if (changed) keepContentDraft(loaded.id, { document, basedOn, savedAt: new Date().toISOString() });
    else dropContentDraft(loaded.id);
  }, [changed, document, basedOn, loaded.id]);

  useEffect(() => {
    if (refused) summary.current?.focus();
  }, [refused, outcome]);

  const edit = (next: Document) => {
    setDocument(next);
    setServerProblems([]);
    setRefused(false);
  };

  const submit = async (version = basedOn) => {
    if (problems.length > 0) {
      setRefused(true);
      setOutcome({ kind: 'refused', problems, others: [] });
      return;
    }
    const words = (message ?? suggested).trim() || suggested;
    try {
      const saved = await save.mutateAsync({ id: loaded.id, document, message: words, version });
      setBase({ document, version: saved.version });
      setBasedOn(saved.version);
      setMessage(null);
      setRefused(false);
      dropContentDraft(loaded.id);
      queryClient.setQueryData(contentDocumentQueryOptions(loaded.id).queryKey, {
        ...loaded,
        document,
        version: saved.version,
      });
      setOutcome({ kind: 'saved', commit: saved.commit });
    } catch (error) {
      const failure = saveFailure(error, loaded.id);
      if (failure.kind === 'problems') {
        setServerProblems(failure.problems);
        setRefused(true);
        setOutcome({ kind: 'refused', problems: failure.problems, others: failure.others });
      } else if (failure.kind === 'conflict') {
        setOutcome({
          kind: 'conflict',
          current: failure.current,
          changes: documentChanges(base.document, failure.current.document),
        });
      } else setOutcome({ kind: 'failed', message: failure.message });
    }
  };

  const takeTheirs = (current: ContentDocumentVersion) => {
    setBase({ document: current.document, version: current.version });
    setBasedOn(current.version);
    setDocument(current.document);
    setOutcome(null);
  };

  const afterRestore = (current: { document: Document; version: string }) => {
    setBase(current);
    setBasedOn(current.version);
    setDocument(current.document);
    dropContentDraft(loaded.id);
    queryClient.setQueryData(contentDocumentQueryOptions(loaded.id).queryKey, { ...loaded, ...current });
  };

  return (
    <>
      <PageHeader title={title} actions={<Link to="/admin/pages">All pages</Link>} />
      <ReadOnlyNotice />
      <div ref={summary} tabIndex={-1}>
        {outcome && (
          <SaveOutcome
            outcome={outcome}
            onDiscardDraft={() => {
              takeTheirs({ ...loaded, document: base.document, version: base.version });
              dropContentDraft(loaded.id);
            }}
            onKeepMine={(current) => {
              setBasedOn(current.version);
              setBase({ document: current.document, version: current.version });
              setOutcome(null);
            }}
            onTakeTheirs={takeTheirs}
          />
        )}
      </div>
      <div className={isPage ? styles.workspace : undefined}>
        <div className={styles.formColumn}>
          {schema ? (
            <ContentForm
              schema={schema}
              document={document}
              onChange={edit}
              context={{ routes, postRoutes, images, library, libraryProblem }}
              problems={problems}
              readOnly={readOnly}
            />
          ) : (
            <Alert>
              <p>This document follows a schema the studio does not know ({loaded.schema}); edit it in content/.</p>
            </Alert>
          )}
          {!readOnly && (
            <form
              className={styles.saveBar}
              aria-label="Save"
              onSubmit={(event) => {
                event.preventDefault();
                void submit();
              }}
            >
              <label>
                <span>What changed (the history shows this)</span>
                <input
                  className={fieldStyles.input}
                  value={message ?? suggested}
                  onChange={(event) => setMessage(event.target.value)}
                  maxLength={200}
                />
              </label>
              <button type="submit" className="button" disabled={save.isPending || !changed}>
                {save.isPending ? 'Saving…' : 'Save'}
              </button>
              {!changed && <span className={styles.meta}>No unsaved changes.</span>}
            </form>
          )}
        </div>
        {isPage && <PreviewFrame document={document} title={title} />}
      </div>
      <HistoryPanel id={loaded.id} current={document} writable={writable} onRestored={afterRestore} />
    </>
  );
}
