import { useCallback, useEffect, useMemo, useState } from 'react';
import { api } from './api/client';
import type { ChatSettings, Health, LecternDocument, Outline, OutlineSection, Project } from './api/types';
import { ChatPanel } from './components/ChatPanel';
import { sectionLabel } from './components/CitationChips';
import { DocumentsPanel } from './components/DocumentsPanel';
import { OutlineDialog } from './components/OutlineDialog';
import { ProjectPicker } from './components/ProjectPicker';
import { DEFAULT_SETTINGS } from './components/SettingsPopover';
import { SourceViewer, type SourceTarget } from './components/source/SourceViewer';
import { useArticleTitles } from './hooks/useArticleTitles';
import { useConversation, type Citation, type Message } from './hooks/useConversation';
import { useDocuments } from './hooks/useDocuments';
import { useProjectRoute } from './hooks/useRoute';
import { useStoredState } from './hooks/useStoredState';

export function App() {
  const [projectId, navigate] = useProjectRoute();
  const [projects, setProjects] = useState<Project[] | null>(null);
  const [project, setProject] = useState<Project | null>(null);
  const [health, setHealth] = useState<Health | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [settings, setSettings] = useStoredState<ChatSettings>('lectern.settings', DEFAULT_SETTINGS);
  const [explore, setExplore] = useStoredState('lectern.explore', false);
  const [source, setSource] = useState<SourceTarget | null>(null);
  const [activeCitation, setActiveCitation] = useState<{ messageId: string; n: number } | null>(null);
  const [outlineDoc, setOutlineDoc] = useState<LecternDocument | null>(null);
  const [navOpen, setNavOpen] = useState(false);
  const [citeError, setCiteError] = useState<string | null>(null);

  const loadProjects = useCallback(async () => {
    try {
      setProjects(await api.projects());
      setLoadError(null);
    } catch (e) {
      setLoadError(e instanceof Error ? e.message : String(e));
    }
  }, []);

  useEffect(() => {
    void loadProjects();
    api.health().then(setHealth, () => setHealth(null));
  }, [loadProjects]);

  // No project in the URL: open the first one, so a newcomer lands somewhere useful.
  useEffect(() => {
    if (!projectId && projects && projects.length > 0) navigate(projects[0].id, true);
  }, [projectId, projects, navigate]);

  const refreshProject = useCallback(() => {
    if (!projectId) return;
    api.project(projectId).then(
      (p) => {
        setProject(p);
        setLoadError(null);
      },
      (e: unknown) => {
        setProject(null);
        setLoadError(e instanceof Error ? e.message : String(e));
      },
    );
  }, [projectId]);

  useEffect(() => {
    setProject(null);
    setSource(null);
    refreshProject();
  }, [refreshProject]);

  const docs = useDocuments(project ? projectId : null, () => {
    refreshProject();
    void loadProjects();
  });
  const conversation = useConversation(project ? projectId : null);
  const titles = useArticleTitles(conversation.messages);

  const createProject = async (name: string) => {
    const created = await api.createProject(name);
    await loadProjects();
    navigate(created.id);
  };

  const openCitation = useCallback(
    async (message: Message, citation: Citation) => {
      if (!projectId) return;
      setCiteError(null);
      setActiveCitation({ messageId: message.id, n: citation.n });
      const title = citation.articleTitle || titles.get(citation.articleId) || 'Source';
      const section = sectionLabel(citation.sectionNumber, citation.sectionTitle);
      const label = `[${citation.n}] ${title}${section ? ` — ${section}` : ''}, p. ${citation.page}`;
      try {
        if (citation.contextId) {
          const context = await api.context(projectId, citation.contextId);
          setSource({ documentId: context.article.documentId, articleId: context.article.id, page: context.page, box: context.box, passage: context.text, label });
          return;
        }
        const doc = docs.documents.find((d) => d.articleId === citation.articleId);
        const documentId = doc?.id ?? (await api.outline(citation.articleId)).article.documentId;
        setSource({ documentId, articleId: citation.articleId, page: citation.page, box: null, label });
      } catch (e) {
        setCiteError(`Could not open the source: ${e instanceof Error ? e.message : String(e)}`);
      }
    },
    [projectId, titles, docs.documents],
  );

  const openOutlinePage = (outline: Outline, section: OutlineSection | null) => {
    setOutlineDoc(null);
    setActiveCitation(null);
    const where = section ? ` — ${section.number === 'ref' ? 'References' : `${section.number} ${section.title}`.trim()}` : '';
    setSource({ documentId: outline.article.documentId, articleId: outline.article.id, page: section?.pageStart ?? 1, box: null, label: `${outline.article.title}${where}` });
  };

  const readyCount = project?.stats?.ready ?? docs.documents.filter((d) => d.status === 'ready').length;
  const stats = project?.stats;
  const llmConfigured = health ? health.llm !== null : null;
  const projectMissing = projectId !== null && loadError !== null && project === null;

  const sidebar = (
    <aside className={`sidebar${navOpen ? ' is-open' : ''}`} aria-label="Projects and papers">
      <div className="brand">
        <svg width="26" height="26" viewBox="0 0 32 32" aria-hidden="true">
          <rect width="32" height="32" rx="7" fill="#1f4e79" />
          <path d="M9 8h9a5 5 0 0 1 5 5v11H14a5 5 0 0 1-5-5z" fill="#fff" />
          <path d="M12 13h8M12 17h8" stroke="#1f4e79" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span>Lectern</span>
        <button type="button" className="btn btn-ghost btn-icon nav-close" onClick={() => setNavOpen(false)} aria-label="Close the menu">
          ×
        </button>
      </div>
      {projects && (
        <ProjectPicker
          projects={projects}
          currentId={projectId}
          onSelect={(id) => {
            navigate(id);
            setNavOpen(false);
          }}
          onCreate={createProject}
        />
      )}
      {project && (
        <>
          {stats && (
            <dl className="stats" aria-label="Project totals">
              <div>
                <dt>Articles</dt>
                <dd>{stats.articles}</dd>
              </div>
              <div>
                <dt>Sections</dt>
                <dd>{stats.sections}</dd>
              </div>
              <div>
                <dt>Pages</dt>
                <dd>{stats.pages}</dd>
              </div>
            </dl>
          )}
          <DocumentsPanel
            documents={docs.documents}
            uploads={docs.uploads}
            rejected={docs.rejected}
            error={docs.error}
            onUpload={(files) => void docs.upload(files)}
            onRetry={(id) => void docs.retry(id)}
            onDismissUpload={docs.dismissUpload}
            onClearRejected={docs.clearRejected}
            onOpen={setOutlineDoc}
          />
          <a className="btn export-btn" href={api.exportUrl(project.id)} download>
            Export corpus (SQLite)
          </a>
        </>
      )}
      {health && (
        <p className="footer-note muted small">
          v{health.version} · {health.parsers.join(' + ')} · {health.embedder.kind} embeddings
        </p>
      )}
    </aside>
  );

  return (
    <div className={`app${source ? ' has-source' : ''}`}>
      <a className="skip-link" href="#question">
        Skip to the question box
      </a>
      {sidebar}
      {navOpen && <div className="scrim" onClick={() => setNavOpen(false)} aria-hidden="true" />}
      <main className="main">
        <div className="mobile-bar">
          <button type="button" className="btn btn-ghost btn-icon" onClick={() => setNavOpen(true)} aria-label="Open projects and papers">
            ☰
          </button>
          <span className="mobile-title">{project?.name ?? 'Lectern'}</span>
        </div>
        {citeError && (
          <div className="banner banner-error" role="alert">
            {citeError}
          </div>
        )}
        {projectMissing ? (
          <div className="empty-state">
            <h2>Project not found</h2>
            <p>{loadError}</p>
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
            onSend={(q) => void conversation.send(q, { explore, settings })}
            onStop={conversation.stop}
            onClear={conversation.clear}
            titleOf={(id) => titles.get(id)}
            onOpenCitation={(m, c) => void openCitation(m, c)}
            activeCitation={activeCitation}
          />
        ) : loadError && !projects ? (
          <div className="empty-state" role="alert">
            <h2>Lectern is not reachable</h2>
            <p>{loadError}</p>
            <button type="button" className="btn btn-primary" onClick={() => void loadProjects()}>
              Try again
            </button>
          </div>
        ) : projects && projects.length === 0 ? (
          <div className="empty-state">
            <h2>Welcome to Lectern</h2>
            <p>Create a project for your course or lab, upload its papers, and ask questions that are answered with citations to the page.</p>
          </div>
        ) : (
          <p className="thinking center">
            <span className="spinner" aria-hidden="true" /> Loading…
          </p>
        )}
      </main>
      {source && (
        <aside className="source-pane" aria-label="Source">
          <SourceViewer
            target={source}
            onClose={() => {
              setSource(null);
              setActiveCitation(null);
            }}
          />
        </aside>
      )}
      {outlineDoc && <OutlineDialog doc={outlineDoc} onClose={() => setOutlineDoc(null)} onOpenPage={openOutlinePage} />}
    </div>
  );
}
