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
import { suggestMessage } from '@/domain/content-changes.ts';
import { ConflictView } from './conflict-view.tsx';
import { mergedDocument, mergeFields, overwritten, shownValue, type MergeChoice } from './document-merge.ts';
import { documentProblems, type DocumentProblem } from './document-problems.ts';
import { documentSchema } from './document-schemas.ts';
import { ContentForm } from './form/content-form.tsx';
import type { StudioFormContext } from './form/form-context.ts';
import { libraryImage } from './form/library-images.ts';
import { imagesIn, sectionCatalogue } from './form/section-catalogue.ts';
import { HistoryPanel } from './history-panel.tsx';
import { LeaveGuard } from './leave-guard.tsx';
import { LiveSignal, LiveState } from './live-signal.tsx';
import { PreviewFrame } from './preview-frame.tsx';
import { ReadOnlyNotice } from './read-only-notice.tsx';
import { SaveBar } from './save-bar.tsx';
import { SaveOutcome, type Outcome } from './save-outcome.tsx';
import { saveFailure } from './save-problem.ts';
import { useNarrow, viewPanelId, viewTabId, ViewTabs, type StudioView } from './view-tabs.tsx';
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

/** The section a field belongs to, from the pointer of the field that holds focus: `/sections/2/heading` → 2. */
function sectionOf(target: EventTarget | null): number | null {
  const pointer = (target as Element | null)?.closest?.('[data-pointer]')?.getAttribute('data-pointer') ?? '';
  const match = /^\/sections\/(\d+)(\/|$)/.exec(pointer);
  return match ? Number(match[1]) : null;
}

/** The commit's own words, then the fields whose change saved meanwhile this save replaces, with their values. */
function withOverwritten(words: string, replaced: ReturnType<typeof overwritten>): string {
  if (replaced.length === 0) return words;
  const cut = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text);
  const lines = replaced.map((field) => `- ${field.label}: “${cut(shownValue(field.theirs))}”`);
  return `${words}\n\nReplaces what was saved meanwhile in:\n${lines.join('\n')}`.slice(0, 2000);
}

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
  const [choices, setChoices] = useState<Record<string, MergeChoice>>({});
  const [savedAt, setSavedAt] = useState(0);
  const [serverProblems, setServerProblems] = useState<DocumentProblem[]>([]);
  const [refused, setRefused] = useState(false);
  const [view, setView] = useState<StudioView>('form');
  const [focusedSection, setFocusedSection] = useState<number | null>(null);
  const narrow = useNarrow();
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
  const conflict = outcome?.kind === 'conflict' ? outcome : null;
  // Worked out again at each edit, so that what the conflict view shows as this person's is what they have now.
  const conflictFields = useMemo(
    () => (conflict ? mergeFields(conflict.base, document, conflict.current.document) : []),
    [conflict, document],
  );
  const changed = !same(document, base.document) || conflict !== null;
  const name = (loaded.document.route as string | undefined) ?? title;
  // After a conflict the commit follows the version saved meanwhile: it is described from there.
  const suggested = conflict
    ? suggestMessage(conflict.current.document, mergedDocument(document, conflictFields, choices), name)
    : suggestMessage(base.document, document, name);
  const readOnly = !writable;
  const isPage = loaded.schema === 'page.schema.json';
  const tabs = isPage && narrow;

  useEffect(() => {
    if (changed) keepContentDraft(loaded.id, { document, basedOn, savedAt: new Date().toISOString() });
    else dropContentDraft(loaded.id);
  }, [changed, document, basedOn, loaded.id]);

  useEffect(() => {
    if (refused || conflict) summary.current?.focus();
  }, [refused, conflict, outcome]);

  const edit = (next: Document) => {
    setDocument(next);
    setServerProblems([]);
    setRefused(false);
  };

  const submit = async () => {
    const version = conflict ? conflict.current.version : basedOn;
    const saving = conflict ? mergedDocument(document, conflictFields, choices) : document;
    const found = [...documentProblems(loaded.schema, saving), ...serverProblems];
    if (conflict) setDocument(saving);
    if (found.length > 0) {
      if (conflict) {
        setBase({ document: conflict.current.document, version });
        setBasedOn(version);
      }
      setRefused(true);
      setOutcome({ kind: 'refused', problems: found, others: [] });
      return;
    }
    const own = (message ?? suggested).trim() || suggested;
    const words = conflict ? withOverwritten(own, overwritten(conflictFields, choices)) : own;
    try {
      const saved = await save.mutateAsync({ id: loaded.id, document: saving, message: words, version });
      setBase({ document: saving, version: saved.version });
      setBasedOn(saved.version);
      setMessage(null);
      setChoices({});
      setRefused(false);
      dropContentDraft(loaded.id);
      queryClient.setQueryData(contentDocumentQueryOptions(loaded.id).queryKey, {
        ...loaded,
        document: saving,
        version: saved.version,
      });
      setSavedAt(Date.now());
      setOutcome({ kind: 'saved', commit: saved.commit });
    } catch (error) {
      const failure = saveFailure(error, loaded.id);
      if (conflict) {
        // The merged document is what the person now edits, based on the version saved meanwhile.
        setBase({ document: conflict.current.document, version });
        setBasedOn(version);
      }
      if (failure.kind === 'problems') {
        setServerProblems(failure.problems);
        setRefused(true);
        setOutcome({ kind: 'refused', problems: failure.problems, others: failure.others });
      } else if (failure.kind === 'conflict') {
        const from = conflict ? conflict.current.document : base.document;
        setChoices({});
        setOutcome({ kind: 'conflict', current: failure.current, base: from });
      } else setOutcome({ kind: 'failed', message: failure.message });
    }
  };

  const takeTheirs = (current: { document: Document; version: string }) => {
    setBase({ document: current.document, version: current.version });
    setBasedOn(current.version);
    setDocument(current.document);
    setChoices({});
    setOutcome(null);
  };

  const afterRestore = (current: { document: Document; version: string }) => {
    setBase(current);
    setBasedOn(current.version);
    setDocument(current.document);
    setOutcome(null);
    dropContentDraft(loaded.id);
    queryClient.setQueryData(contentDocumentQueryOptions(loaded.id).queryKey, { ...loaded, ...current });
  };

  const form = schema ? (
    <ContentForm
      schema={schema}
      document={document}
      onChange={edit}
      context={{ routes, postRoutes, images, library, libraryProblem, pageKind: document.kind as string | undefined }}
      problems={problems}
      readOnly={readOnly}
    />
  ) : (
    <Alert>
      <p>This document follows a schema the studio does not know ({loaded.schema}); edit it in content/.</p>
    </Alert>
  );

  return (
    <>
      <PageHeader title={title} actions={<Link to="/admin/pages">All pages</Link>} />
      <ReadOnlyNotice />
      {!readOnly && <LeaveGuard when={changed && !save.isPending} />}
      <div ref={summary} tabIndex={-1} className={styles.outcome}>
        {conflict ? (
          <ConflictView
            fields={conflictFields}
            choices={choices}
            onChoose={(pointer, choice) => setChoices((current) => ({ ...current, [pointer]: choice }))}
            saving={save.isPending}
            onSave={() => void submit()}
            onTakeTheirs={() => takeTheirs(conflict.current)}
          />
        ) : (
          outcome &&
          outcome.kind !== 'conflict' && (
            <SaveOutcome
              outcome={outcome}
              live={
                outcome.kind === 'saved' && outcome.commit ? (
                  <LiveSignal commit={outcome.commit} savedAt={savedAt} />
                ) : undefined
              }
              onDiscardDraft={() => {
                takeTheirs({ document: base.document, version: base.version });
                dropContentDraft(loaded.id);
              }}
            />
          )
        )}
      </div>
      {tabs && <ViewTabs selected={view} onSelect={setView} />}
      <div className={isPage ? styles.workspace : undefined}>
        <div
          className={styles.formColumn}
          id={viewPanelId('form')}
          role={tabs ? 'tabpanel' : undefined}
          aria-labelledby={tabs ? viewTabId('form') : undefined}
          hidden={tabs && view !== 'form'}
          onFocus={(event) => {
            const section = sectionOf(event.target);
            if (section !== null) setFocusedSection(section);
          }}
        >
          {form}
        </div>
        {isPage && (
          <div
            className={styles.previewColumn}
            id={viewPanelId('preview')}
            role={tabs ? 'tabpanel' : undefined}
            aria-labelledby={tabs ? viewTabId('preview') : undefined}
            hidden={tabs && view !== 'preview'}
          >
            <PreviewFrame
              document={document}
              title={title}
              section={focusedSection}
              shown={!tabs || view === 'preview'}
            />
          </div>
        )}
      </div>
      <HistoryPanel id={loaded.id} current={document} writable={writable} onRestored={afterRestore} />
      {!readOnly && (
        <SaveBar
          message={message ?? suggested}
          onMessage={setMessage}
          onSave={() => void submit()}
          saving={save.isPending}
          changed={changed}
          saved={
            outcome?.kind === 'saved' && outcome.commit ? (
              <LiveState key={outcome.commit} commit={outcome.commit} savedAt={savedAt} />
            ) : undefined
          }
        />
      )}
    </>
  );
}
