import { chatRequestBody } from './chat-request';
import { readServerEvents, type ServerEvent } from './sse';
import type {
  ApiErrorBody,
  AskTarget,
  Conversation,
  ConversationDetail,
  ChatRequest,
  ChatSettings,
  ContextDetail,
  ExploreResult,
  ApiKey,
  AuthConfig,
  CreatedApiKey,
  CreatedInvite,
  Health,
  Invite,
  InvitePreview,
  Me,
  Member,
  ProjectRole,
  LecternDocument,
  Outline,
  Project,
  UploadRejectedBody,
  UploadResult,
} from './types';

/** A failed API call, with the server's own message (validation errors come joined). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly errorId?: string,
  ) {
    super(message);
  }
}

async function errorFrom(response: Response): Promise<ApiError> {
  let body: ApiErrorBody = {};
  try {
    body = (await response.json()) as ApiErrorBody;
  } catch {
    // Not JSON (a proxy's error page): fall back to the status text.
  }
  const suffix = body.errorId ? ` (error id ${body.errorId})` : '';
  // statusText is empty over HTTP/2 and behind some proxies: the status code always says something.
  const text = body.message || response.statusText || `the server answered HTTP ${response.status}`;
  return new ApiError(response.status, `${text}${suffix}`, body.errorId);
}

/** fetch, with its bare "Failed to fetch" (server down, network gone) said in words a reader can act on. */
async function send(path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(path, init);
  } catch (e) {
    if (init.signal?.aborted) throw e;
    throw new ApiError(0, 'Lectern could not be reached (is the server running, and is this device online?)');
  }
}

/** The JSON answer of a call; nothing for a 204 (the DELETEs). */
async function request<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await send(path, { ...init, headers: { Accept: 'application/json', ...(init?.headers ?? {}) } });
  if (!response.ok) throw await errorFrom(response);
  return response.status === 204 ? (undefined as T) : ((await response.json()) as T);
}

function postJson<T>(path: string, body: unknown, signal?: AbortSignal): Promise<T> {
  return request<T>(path, { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' }, signal });
}

async function stream(path: string, body: unknown, signal?: AbortSignal): Promise<AsyncGenerator<ServerEvent>> {
  const response = await send(path, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
    signal,
  });
  if (!response.ok) throw await errorFrom(response);
  if (!response.body) throw new ApiError(response.status, 'the server sent no stream');
  return readServerEvents(response.body, signal);
}

const enc = encodeURIComponent;

export const api = {
  authConfig: () => request<AuthConfig>('/auth/config'),
  me: () => request<Me>('/auth/me'),
  login: (email: string, password: string) => postJson<{ user: Me['user'] }>('/auth/login', { email, password }),
  setup: (token: string, email: string, password: string, displayName: string) =>
    postJson<{ user: Me['user'] }>('/auth/setup', { token, email, password, displayName: displayName || undefined }),
  logout: () => request<void>('/auth/logout', { method: 'POST' }),
  members: (projectId: string) => request<Member[]>(`/projects/${enc(projectId)}/members`),
  changeRole: (projectId: string, userId: string, role: ProjectRole) =>
    request<Member>(`/projects/${enc(projectId)}/members/${enc(userId)}`, {
      method: 'PATCH',
      body: JSON.stringify({ role }),
      headers: { 'Content-Type': 'application/json' },
    }),
  removeMember: (projectId: string, userId: string) =>
    request<void>(`/projects/${enc(projectId)}/members/${enc(userId)}`, { method: 'DELETE' }),
  invites: (projectId: string) => request<Invite[]>(`/projects/${enc(projectId)}/invites`),
  createInvite: (projectId: string, role: ProjectRole) => postJson<CreatedInvite>(`/projects/${enc(projectId)}/invites`, { role }),
  revokeInvite: (projectId: string, inviteId: string) =>
    request<void>(`/projects/${enc(projectId)}/invites/${enc(inviteId)}`, { method: 'DELETE' }),
  invite: (token: string) => request<InvitePreview>(`/invites/${enc(token)}`),
  acceptInvite: (token: string) => postJson<{ projectId: string; role: ProjectRole }>(`/invites/${enc(token)}/accept`, {}),
  apiKeys: (projectId: string) => request<ApiKey[]>(`/api-keys?projectId=${enc(projectId)}`),
  createApiKey: (projectId: string, name: string, role: ProjectRole) => postJson<CreatedApiKey>('/api-keys', { name, projectId, role }),
  revokeApiKey: (id: string) => request<void>(`/api-keys/${enc(id)}`, { method: 'DELETE' }),
  health: () => request<Health>('/health'),
  projects: () => request<Project[]>('/projects'),
  project: (id: string) => request<Project>(`/projects/${enc(id)}`),
  createProject: (name: string) => postJson<Project>('/projects', { name }),
  renameProject: (id: string, name: string) =>
    request<Project>(`/projects/${enc(id)}`, {
      method: 'PATCH',
      body: JSON.stringify({ name }),
      headers: { 'Content-Type': 'application/json' },
    }),
  deleteProject: (id: string) => request<void>(`/projects/${enc(id)}`, { method: 'DELETE' }),
  documents: (projectId: string) => request<LecternDocument[]>(`/projects/${enc(projectId)}/documents`),
  removeDocument: (documentId: string) => request<void>(`/documents/${enc(documentId)}`, { method: 'DELETE' }),
  retry: (documentId: string) => postJson<LecternDocument>(`/documents/${enc(documentId)}/retry`, {}),
  outline: (articleId: string) => request<Outline>(`/articles/${enc(articleId)}/outline`),
  context: (projectId: string, contextId: string) => request<ContextDetail>(`/projects/${enc(projectId)}/contexts/${enc(contextId)}`),
  documentFileUrl: (documentId: string) => `/documents/${enc(documentId)}/file`,
  exportUrl: (projectId: string) => `/projects/${enc(projectId)}/export`,

  chat: (projectId: string, messages: ChatRequest['messages'], settings: ChatSettings, signal?: AbortSignal, target: AskTarget = {}) =>
    stream(`/projects/${enc(projectId)}/chat`, { ...chatRequestBody(messages, settings), ...target, stream: true }, signal),

  explore: (projectId: string, question: string, signal?: AbortSignal, target: AskTarget = {}) =>
    stream(`/projects/${enc(projectId)}/explore`, { question, ...target, stream: true }, signal),

  conversations: (projectId: string) => request<Conversation[]>(`/projects/${enc(projectId)}/conversations`),
  conversation: (projectId: string, id: string) => request<ConversationDetail>(`/projects/${enc(projectId)}/conversations/${enc(id)}`),
  createConversation: (projectId: string, title?: string) =>
    postJson<Conversation>(`/projects/${enc(projectId)}/conversations`, title ? { title } : {}),
  renameConversation: (projectId: string, id: string, title: string) =>
    request<Conversation>(`/projects/${enc(projectId)}/conversations/${enc(id)}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ title }),
    }),
  deleteConversation: (projectId: string, id: string) =>
    request<void>(`/projects/${enc(projectId)}/conversations/${enc(id)}`, { method: 'DELETE' }),
  conversationExportUrl: (projectId: string, id: string) => `/projects/${enc(projectId)}/conversations/${enc(id)}/export.md`,

  exploreJson: (projectId: string, question: string, signal?: AbortSignal) =>
    postJson<ExploreResult>(`/projects/${enc(projectId)}/explore`, { question }, signal),
};

/**
 * Uploads PDFs with XMLHttpRequest, the one browser API that reports upload progress. `onProgress` gets the
 * fraction sent, 0..1; aborting `signal` cancels the upload.
 */
export function uploadDocuments(
  projectId: string,
  files: File[],
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const file of files) form.append('files', file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/projects/${enc(projectId)}/documents`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText) as unknown;
      } catch {
        // handled below
      }
      if (xhr.status >= 200 && xhr.status < 300 && body) {
        resolve(body as UploadResult);
        return;
      }
      const error = (body ?? {}) as UploadRejectedBody;
      // Every file refused (422): the reason of each, rather than the joined message.
      if (error.rejected && error.rejected.length > 0) {
        resolve({ documents: [], rejected: error.rejected });
        return;
      }
      reject(new ApiError(xhr.status, error.message || `upload failed (HTTP ${xhr.status})`, error.errorId));
    };
    xhr.onerror = () => reject(new ApiError(0, 'upload failed: the server could not be reached'));
    xhr.onabort = () => reject(new ApiError(0, 'upload cancelled'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
