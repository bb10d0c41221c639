// The UI's names for the API's DTOs. The shapes are generated from the server's OpenAPI document into ./schema.d.ts
// (`npm run build:openapi`), so the UI cannot drift from what the server sends.
import type { components } from './schema';

type Schemas = components['schemas'];

export type ProjectStats = Schemas['ProjectStatsDto'];
export type Project = Schemas['ProjectResponseDto'];

export type Me = Schemas['MeResponseDto'];
export type AuthConfig = Schemas['AuthConfigResponseDto'];
export type Member = Schemas['MemberResponseDto'];
export type Invite = Schemas['InviteResponseDto'];
export type CreatedInvite = Schemas['CreatedInviteResponseDto'];
export type InvitePreview = Schemas['InvitePreviewResponseDto'];
export type ApiKey = Schemas['ApiKeyResponseDto'];
export type CreatedApiKey = Schemas['CreatedApiKeyResponseDto'];
export type ProjectRole = Member['role'];

export type DocumentStatus = Schemas['DocumentStatus'];
export type LecternDocument = Schemas['DocumentResponseDto'];
export type UploadResult = Schemas['UploadResponseDto'];

export type OutlineSection = Schemas['OutlineSectionDto'];
export type Outline = Schemas['OutlineResponseDto'];

/** Where a context's first block sits on its page, in PDF points from the page's top-left corner. */
export type ContextBox = Schemas['ContextBoxDto'];
export type ContextDetail = Schemas['ContextResponseDto'];

export type SearchMode = Schemas['SearchMode'];

export type ChatRequest = Schemas['ChatRequestDto'];
export type ChatSource = Schemas['ChatSourceDto'];
export type ChatCitation = Schemas['ChatCitationDto'];
export type ChatRetrievalSummary = Schemas['ChatRetrievalSummaryDto'];
export type ChatResponse = Schemas['ChatResponseDto'];
/** The data of a streamed chat's `retrieval` event. */
export type ChatRetrievalEvent = Schemas['ChatRetrievalEventDto'];

/** The reader's choices in the settings popover, sent with each chat question. */
export interface ChatSettings {
  /** `auto` leaves the choice to the server: hybrid with model embeddings, keyword with the offline lexical ones. */
  mode: SearchMode | 'auto';
  expand: NonNullable<ChatRequest['expand']>;
  multiQuery: boolean;
  filter: boolean;
}

export type ExploreCitation = Schemas['ExploreCitationDto'];
export type ExploreStep = Schemas['ExploreStepDto'];
export type ExploreResult = Schemas['ExploreResponseDto'];
/** The data of a streamed exploration's `answer` event. */
export type ExploreAnswerEvent = Schemas['ExploreAnswerEventDto'];

/** The data of a streamed `token` event (chat and explore). */
export type TokenEvent = Schemas['TokenEventDto'];
/** The data of a streamed `error` event (chat and explore): the stream ends after it. */
export type StreamErrorEvent = Schemas['StreamErrorEventDto'];

export type Health = Schemas['HealthResponseDto'];

export type Conversation = Schemas['ConversationResponseDto'];
export type ConversationDetail = Schemas['ConversationDetailResponseDto'];

/** What a question is about and where it is kept: some papers only (`articleIds`), a server-side conversation. */
export interface AskTarget {
  articleIds?: string[];
  conversationId?: string;
}

/** An error answer as read by the client: the server's body, or less of it when a proxy answered instead. */
export type ApiErrorBody = Partial<Schemas['ErrorResponseDto']>;
/** A 422 to an upload whose every file was refused. */
export type UploadRejectedBody = Partial<Schemas['UploadRejectedResponseDto']>;
