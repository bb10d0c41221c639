import { useEffect, useRef, type ReactNode } from 'react';
import { api } from '../api/client';
import type { Health, LecternDocument, Project } from '../api/types';
import type { useDocuments } from '../hooks/useDocuments';
import type { useConversations } from '../hooks/useConversations';
import { ConversationList } from './ConversationList';
import { DocumentsPanel } from './DocumentsPanel';
import { ProjectPicker } from './ProjectPicker';
import { ProjectSettings } from './ProjectSettings';
import { AccessPanels } from './AccessPanels';
import { UserMenu } from './UserMenu';
import type { Me } from '../api/types';

interface Props {
  projects: Project[] | null;
  project: Project | null;
  currentId: string | null;
  health: Health | null;
  docs: ReturnType<typeof useDocuments>;
  conversations: ReturnType<typeof useConversations>;
  /** On a phone the sidebar is a menu: open or not, and how to close it. */
  phone: boolean;
  open: boolean;
  onClose: () => void;
  onSelectProject: (id: string) => void;
  onCreateProject: (name: string) => Promise<void>;
  onRenameProject: (name: string) => Promise<void>;
  onDeleteProject: () => Promise<void>;
  onOpenDocument: (doc: LecternDocument) => void;
  /** Who is signed in (null with AUTH=off), for the user menu and what their role lets them do. */
  me: Me | null;
  onAskDocument: (doc: LecternDocument) => void;
}

/** Projects, the current project's totals and papers, and the export; a slide-in menu on a phone. */
export function Sidebar(props: Props) {
  const { project, docs, phone, open } = props;
  const ref = useRef<HTMLElement>(null);
  const hidden = phone && !open;

  // An opened menu takes focus (its close button) and gives it back through the caller when closed.
  useEffect(() => {
    if (phone && open) ref.current?.querySelector<HTMLElement>('.nav-close')?.focus();
  }, [phone, open]);

  const stats = project?.stats;
  const role = roleIn(props.me, project?.id ?? null);
  const canManage = role === 'owner' || role === 'instructor';
  let body: ReactNode = null;
  if (project) {
    body = (
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
        <ConversationList
          projectId={project.id}
          conversations={props.conversations.list}
          currentId={props.conversations.currentId}
          error={props.conversations.error}
          onSelect={(id) => {
            props.conversations.select(id);
            if (phone) props.onClose();
          }}
          onCreate={props.conversations.create}
          onRename={props.conversations.rename}
          onDelete={props.conversations.remove}
        />
        <DocumentsPanel
          documents={docs.documents}
          uploads={docs.uploads}
          error={docs.error}
          actionError={docs.actionError}
          onDismissActionError={docs.dismissActionError}
          onUpload={(files) => void docs.upload(files)}
          canManage={canManage}
          onRetry={(id) => void docs.retry(id)}
          onRemove={(id) => void docs.remove(id)}
          onCancelUpload={docs.cancelUpload}
          onDismissUpload={docs.dismissUpload}
          onRetryUpload={docs.retryUpload}
          onOpen={props.onOpenDocument}
          onAsk={props.onAskDocument}
        />
        {canManage && (
          <a className="btn export-btn" href={api.exportUrl(project.id)} download>
            Export corpus (SQLite)
          </a>
        )}
        {props.me && canManage && <AccessPanels key={`access-${project.id}`} projectId={project.id} role={role} />}
        {role === 'owner' && (
          <ProjectSettings key={project.id} project={project} onRename={props.onRenameProject} onDelete={props.onDeleteProject} />
        )}
      </>
    );
  }

  return (
    <aside
      ref={ref}
      className={`sidebar${open ? ' is-open' : ''}`}
      aria-label="Projects and papers"
      inert={hidden}
      onKeyDown={(e) => {
        if (phone && e.key === 'Escape') props.onClose();
      }}
    >
      <div className="brand">
        <svg width="26" height="26" viewBox="0 0 32 32" aria-hidden="true">
          <rect width="32" height="32" rx="7" fill="#1f4e79" />
          <path d="M9 8h9a5 5 0 0 1 5 5v11H14a5 5 0 0 1-5-5z" fill="#fff" />
          <path d="M12 13h8M12 17h8" stroke="#1f4e79" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span>Lectern</span>
        <button type="button" className="btn btn-ghost btn-icon nav-close" onClick={props.onClose} aria-label="Close the menu">
          ×
        </button>
      </div>
      {props.me && <UserMenu me={props.me} />}
      {props.projects && (
        <ProjectPicker
          projects={props.projects}
          currentId={props.currentId}
          onSelect={props.onSelectProject}
          onCreate={!props.me || props.me.admin || props.me.via === 'auth-off' ? props.onCreateProject : undefined}
        />
      )}
      {body}
      {props.health?.embedder && (
        <p className="footer-note muted small">
          v{props.health.version} · {props.health.parsers?.join(' + ')} · {props.health.embedder.kind} embeddings
        </p>
      )}
    </aside>
  );
}

/** The caller's role in the project: everyone is an owner with AUTH=off, admins everywhere. */
function roleIn(me: Me | null, projectId: string | null): 'owner' | 'instructor' | 'student' | null {
  if (!me || me.via === 'auth-off' || me.admin) return 'owner';
  return me.projects.find((p) => p.projectId === projectId)?.role ?? null;
}
