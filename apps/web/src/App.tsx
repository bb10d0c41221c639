import { useCallback, useEffect, useRef, useState } from 'react';
import { DEFAULT_SETTINGS } from './api/chat-request';
import { api, ApiError } from './api/client';
import type { ChatSettings, Health, LecternDocument, Me, Outline, OutlineSection, Project } from './api/types';
import { ChatPanel, type PaperScope } from './components/ChatPanel';
import { sectionLabel } from './components/CitationChips';
import { OutlineDialog } from './components/OutlineDialog';
import { Sidebar } from './components/Sidebar';
import { SourceViewer, type SourceTarget } from './components/source/SourceViewer';
import { useArticleTitles } from './hooks/useArticleTitles';
import { useConversation, type Citation, type Message } from './hooks/useConversation';
import { useConversations } from './hooks/useConversations';
import { useDocuments } from './hooks/useDocuments';
import { useMediaQuery } from './hooks/useMediaQuery';
import { useReturnFocus } from './hooks/useReturnFocus';
import { useProjectRoute } from './hooks/useRoute';
import { useStoredState } from './hooks/useStoredState';
import { errorMessage } from './error-message';

/** Why the current project is not shown: it does not exist, or the server could not be asked. */
type ProjectProblem = { kind: 'missing' | 'unreachable'; message: string } | null;

/** `me`: who is signed in, or null with AUTH=off (or before the server answers). */
export function App({ me = null }: { me?: Me | null }) {
  const [projectId, navigate] = useProjectRoute();
  const [projects, setProjects] = useState<Project[] | null>(null);
  const [project, setProject] = useState<Project | null>(null);
  const [problem, setProblem] = useState<ProjectProblem>(null);
  const [health, setHealth] = useState<Health | null>(null);
  const [settings, setSettings] = useStoredState<ChatSettings>('lectern.settings', DEFAULT_SETTINGS);
  const [explore, setExplore] = useStoredState('lectern.explore', false);
  const [source, setSource] = useState<SourceTarget | null>(null);
  const [activeCitation, setActiveCitation] = useState<{ messageId: string; n: number } | null>(null);
  const [outlineDoc, setOutlineDoc] = useState<LecternDocument | null>(null);
  const [navOpen, setNavOpen] = useState(false);
  const [citeError, setCiteError] = useState<string | null>(null);
  // "Ask this paper": questions go to one article only until the chip is removed (or another project is opened).
  const [scope, setScope] = useState<PaperScope | null>(null);
  const phone = useMediaQuery('(max-width: 760px)');
  const sourceCoversChat = useMediaQuery('(max-width: 1100px)');
  const sourceFocus = useReturnFocus();
  const outlineFocus = useReturnFocus();
  const navFocus = useReturnFocus();
  // The project on screen now: a reply that comes back after a switch belongs to the old one and is dropped.
  const currentProject = useRef(projectId);
  currentProject.current = projectId;
  const citationRequest = useRef(0);

  const loadProjects = useCallback(async () => {
    try {
      setProjects(await api.projects());
      setProblem((p) => (p?.kind === 'unreachable' ? null : p));
    } catch (e) {
      setProblem({ kind: 'unreachable', message: errorMessage(e) });
    }
  }, []);

  const loadHealth = useCallback(() => {
    api.health().then(setHealth, () => setHealth(null));
  }, []);

  useEffect(() => {
    void loadProjects();
    loadHealth();
  }, [loadProjects, loadHealth]);

  // No project in the URL: open the first one, so a newcomer lands somewhere useful.
  useEffect(() => {
    if (!projectId && projects && projects.length > 0) navigate(projects[0].id, true);
  }, [projectId, projects, navigate]);

  const refreshProject = useCallback(() => {
    if (!projectId) return;
    api.project(projectId).then(
      (p) => {
        if (currentProject.current !== projectId) return;
        setProject(p);
        setProblem(null);
      },
      (e: unknown) => {
        if (currentProject.current !== projectId) return;
        const message = errorMessage(e);
        // Only a 404 means the project is gone; a network blip keeps what is on screen (and the draft question).
        if (e instanceof ApiError && e.status === 404) {
          setProject(null);
          setProblem({ kind: 'missing', message });
        } else {
          setProblem({ kind: 'unreachable', message });
        }
      },
    );
  }, [projectId]);

  useEffect(() => {
    setProject(null);
    setSource(null);
    setCiteError(null);
    setScope(null);
    refreshProject();
  }, [refreshProject]);

  const docs = useDocuments(project ? projectId : null, () => {
    refreshProject();
    void loadProjects();
  });
  const conversations = useConversations(project ? projectId : null);
  const conversation = useConversation(project ? projectId : null, conversations.currentId, () => void conversations.refresh());
  const titles = useArticleTitles(conversation.messages);

  const createProject = async (name: string) => {
    const created = await api.createProject(name);
    await loadProjects();
    navigate(created.id);
    setNavOpen(false);
  };

  const showSource = (target: SourceTarget) => {
    if (!source) sourceFocus.remember();
    setSource(target);
  };

  const closeSource = () => {
    setSource(null);
    setActiveCitation(null);
    sourceFocus.restore();
  };

  const openCitation = useCallback(
    async (message: Message, citation: Citation) => {
      if (!projectId) return;
      // Only the latest click opens a source: an older lookup that answers late is dropped.
      const request = ++citationRequest.current;
      const stillWanted = () => request === citationRequest.current && currentProject.current === projectId;
      setCiteError(null);
      setActiveCitation({ messageId: message.id, n: citation.n });
      const title = citation.articleTitle || titles.get(citation.articleId) || 'Source';
      const section = sectionLabel(citation.sectionNumber, citation.sectionTitle);
      const label = `[${citation.n}] ${title}${section ? ` — ${section}` : ''}, ${citation.pageEnd && citation.pageEnd !== citation.page ? `pp. ${citation.page}–${citation.pageEnd}` : `p. ${citation.page}`}`;
      try {
        if (citation.contextId) {
          const context = await api.context(projectId, citation.contextId);
          if (!stillWanted()) return;
          // A quoted sentence is cited on its own page, which may be past the page its passage starts on (and its box).
          const page = citation.quote ? citation.page : context.page;
          showSource({
            documentId: context.article.documentId,
            articleId: context.article.id,
            page,
            box: context.box && context.box.page === page ? context.box : null,
            passage: context.text,
            ...(citation.quote ? { quote: citation.quote } : {}),
            label,
          });
          return;
        }
        const doc = docs.documents.find((d) => d.articleId === citation.articleId);
        const documentId = doc?.id ?? (await api.outline(citation.articleId)).article.documentId;
        if (!stillWanted()) return;
        showSource({ documentId, articleId: citation.articleId, page: citation.page, box: null, label });
      } catch (e) {
        if (stillWanted()) setCiteError(`Could not open the source: ${errorMessage(e)}`);
      }
    },
    // `source` because showSource reads it to decide whether to remember the focus.
    [projectId, titles, docs.documents, source],
  );

  const openDocument = (doc: LecternDocument) => {
    outlineFocus.remember();
    setOutlineDoc(doc);
  };

  const closeOutline = () => {
    setOutlineDoc(null);
    outlineFocus.restore();
  };

  const openOutlinePage = (outline: Outline, section: OutlineSection | null) => {
    setOutlineDoc(null);
    setNavOpen(false);
    setActiveCitation(null);
    const where = section ? ` — ${sectionLabel(section.number, section.title) || 'section'}` : '';
    showSource({
      documentId: outline.article.documentId,
      articleId: outline.article.id,
      page: section?.pageStart ?? 1,
      box: null,
      label: `${outline.article.title}${where}`,
    });
  };

  // Esc closes the source view wherever focus is (the chat box, the sidebar, the page), unless something on top of it
  // (a dialog, a popover, the phone menu) took the key first.
  useEffect(() => {
    if (!source) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || outlineDoc || navOpen) return;
      event.preventDefault();
      closeSource();
    };
    // On window: after the document-level listeners of popovers, which mark the key as taken.
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const openNav = () => {
    navFocus.remember();
    setNavOpen(true);
  };
  const closeNav = () => {
    setNavOpen(false);
    navFocus.restore();
  };

  const readyCount = project?.stats?.ready ?? docs.documents.filter((d) => d.status === 'ready').length;
  // Unknown (null) when /health shows no details to this caller.
  const llmConfigured = health?.llm === undefined ? null : health.llm !== null;
  // What is behind a phone menu or a full-width source view is out of reach for keyboard and screen reader.
  const mainInert = (phone && navOpen) || (sourceCoversChat && source !== null);

  return (
    <div className={`app${source ? ' has-source' : ''}`}>
      <a className="skip-link" href="#question">
        Skip to the question box
      </a>
      <Sidebar
        projects={projects}
        project={project}
        currentId={projectId}
        health={health}
        docs={docs}
        phone={phone}
        open={navOpen}
        onClose={closeNav}
        onSelectProject={(id) => {
          navigate(id);
          setNavOpen(false);
        }}
        onCreateProject={createProject}
        onRenameProject={async (name) => {
          if (!projectId) return;
          setProject(await api.renameProject(projectId, name));
          await loadProjects();
        }}
        onDeleteProject={async () => {
          if (!projectId) return;
          await docs.halt();
          try {
            await api.deleteProject(projectId);
          } catch (e) {
            docs.resume();
            throw e;
          }
          window.localStorage.removeItem(`lectern.conversation.${projectId}`);
          setProject(null);
          await loadProjects();
          navigate(null, true);
        }}
        onOpenDocument={openDocument}
        me={me}
        onAskDocument={(doc) => {
          if (!doc.articleId) return;
          setScope({ articleId: doc.articleId, title: doc.title ?? doc.filename.replace(/\.pdf$/i, '') });
          setNavOpen(false);
          document.getElementById('question')?.focus();
        }}
        conversations={conversations}
      />
      {navOpen && <div className="scrim" onClick={closeNav} aria-hidden="true" />}
      <main className="main" inert={mainInert}>
        <div className="mobile-bar">
          <button
            type="button"
            className="btn btn-ghost btn-icon"
            onClick={openNav}
            aria-label="Open projects and papers"
            aria-expanded={navOpen}
          >
            ☰
          </button>
          <span className="mobile-title" aria-hidden="true">
            {project?.name ?? 'Lectern'}
          </span>
        </div>
        {citeError && (
          <div className="banner banner-error banner-dismissable" role="alert">
            <p>{citeError}</p>
            <button type="button" className="btn btn-ghost btn-icon" onClick={() => setCiteError(null)} aria-label="Dismiss the error">
              ×
            </button>
          </div>
        )}
        {problem?.kind === 'unreachable' && (
          <div className="banner banner-error" role="alert">
            <strong>Lectern is not reachable.</strong> {problem.message}{' '}
            <button
              type="button"
              className="btn btn-small"
              onClick={() => {
                void loadProjects();
                loadHealth();
                refreshProject();
              }}
            >
              Try again
            </button>
          </div>
        )}
        {problem?.kind === 'missing' && !project ? (
          <div className="empty-state">
            <h1>Project not found</h1>
            <p>{problem.message}. The link may be old, or the project was removed.</p>
            <button type="button" className="btn btn-primary" onClick={() => navigate(null)}>
              Go to your projects
            </button>
          </div>
        ) : project ? (
          <ChatPanel
            projectName={project.name}
            readyCount={readyCount}
            messages={conversation.messages}
            busy={conversation.busy}
            llmConfigured={llmConfigured}
            settings={settings}
            onSettings={setSettings}
            explore={explore}
            onExplore={setExplore}
            onSend={(q) => void conversation.send(q, { explore, settings, articleIds: scope ? [scope.articleId] : undefined })}
            onRetry={(q, asExplore) =>
              void conversation.send(q, { explore: asExplore, settings, articleIds: scope ? [scope.articleId] : undefined })
            }
            onStop={conversation.stop}
            onClear={() => {
              conversation.clear();
              // The server keeps the conversation: clearing starts a new one, the old stays in the list.
              void conversations.create();
            }}
            scope={scope}
            onClearScope={() => setScope(null)}
            titleOf={(id) => titles.get(id)}
            onOpenCitation={(m, c) => void openCitation(m, c)}
            activeCitation={activeCitation}
          />
        ) : projects && projects.length === 0 ? (
          <div className="empty-state">
            <h1>Welcome to Lectern</h1>
            {me && !me.admin && me.via !== 'auth-off' ? (
              <p>You are not in a course project yet: open the invite link your instructor sent you.</p>
            ) : (
              <p>
                Create a project for your course or lab, upload its papers, and ask questions that are answered with citations to the page.
              </p>
            )}
          </div>
        ) : problem?.kind !== 'unreachable' ? (
          <p className="thinking center">
            <span className="spinner" aria-hidden="true" /> Loading…
          </p>
        ) : null}
      </main>
      {source && (
        <aside className="source-pane" aria-label="Source">
          <SourceViewer target={source} onClose={closeSource} />
        </aside>
      )}
      {outlineDoc && (
        <OutlineDialog
          doc={outlineDoc}
          onClose={closeOutline}
          onOpenPage={openOutlinePage}
          onAsk={(outline) => {
            setScope({ articleId: outline.article.id, title: outline.article.title });
            closeOutline();
            document.getElementById('question')?.focus();
          }}
        />
      )}
    </div>
  );
}
