/**
 * Generated from apps/api/openapi.json by openapi-typescript (`npm run build:openapi`). Do not edit: change the API's DTOs
 * and regenerate. The UI's names for these types are in ./types.ts.
 */

export interface paths {
    "/projects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Projects_list"];
        put?: never;
        post: operations["Projects_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Projects_get"];
        put?: never;
        post?: never;
        delete: operations["Projects_remove"];
        options?: never;
        head?: never;
        patch: operations["Projects_rename"];
        trace?: never;
    };
    "/projects/{projectId}/documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Documents_list"];
        put?: never;
        post: operations["Documents_upload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/documents/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Documents_get"];
        put?: never;
        post?: never;
        delete: operations["Documents_remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/documents/{id}/file": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Documents_file"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{projectId}/contexts/{contextId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Documents_context"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/documents/{id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["Documents_retry"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/articles/{id}/outline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Documents_outline"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{projectId}/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["Search_search"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{projectId}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Export_download"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Health_health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{projectId}/chat": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["Chat_chat"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{projectId}/explore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["Explore_explore"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Web_home"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/p/{projectId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["Web_project"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        ErrorResponseDto: {
            /** @example 404 */
            statusCode: number;
            /**
             * @description The error class name, e.g. `ProjectNotFoundError` or `BadRequestException`.
             * @example ProjectNotFoundError
             */
            error: string;
            /**
             * @description What went wrong, in words; validation errors joined with `; `.
             * @example no project "p_123"
             */
            message: string;
            /**
             * @description On a 500 only: the id under which the error is logged.
             * @example 3f9a1c2b7d4e
             */
            errorId?: string;
        };
        CreateProjectRequestDto: {
            /**
             * @description Unique among projects; trimmed; no control characters.
             * @example CS 546: Advanced NLP
             */
            name: string;
        };
        ProjectStatsDto: {
            /** @example 12 */
            documents: number;
            /** @example 10 */
            ready: number;
            /** @example 1 */
            failed: number;
            /**
             * @description Queued, parsing or embedding.
             * @example 1
             */
            inProgress: number;
            /** @example 10 */
            articles: number;
            /** @example 214 */
            sections: number;
            /** @example 388 */
            contexts: number;
            /**
             * @description Pages of the ready documents.
             * @example 131
             */
            pages: number;
        };
        ProjectResponseDto: {
            /** @example V1StGXR8_Z5jdHi6B-myT */
            id: string;
            /** @example CS 546: Advanced NLP */
            name: string;
            /** Format: date-time */
            createdAt: string;
            /** @example 12 */
            documentCount: number;
            /** @description Only on `GET /projects/:id`: counting opens the project's corpus. */
            stats?: components["schemas"]["ProjectStatsDto"];
        };
        RenameProjectRequestDto: {
            /**
             * @description Unique among projects; trimmed; no control characters.
             * @example CS 546: Advanced NLP
             */
            name: string;
        };
        RejectedFileDto: {
            /** @example notes.txt */
            filename: string;
            /** @example not a PDF */
            reason: string;
        };
        UploadRejectedResponseDto: {
            /** @example 404 */
            statusCode: number;
            /**
             * @description The error class name, e.g. `ProjectNotFoundError` or `BadRequestException`.
             * @example ProjectNotFoundError
             */
            error: string;
            /**
             * @description What went wrong, in words; validation errors joined with `; `.
             * @example no project "p_123"
             */
            message: string;
            /**
             * @description On a 500 only: the id under which the error is logged.
             * @example 3f9a1c2b7d4e
             */
            errorId?: string;
            rejected: components["schemas"]["RejectedFileDto"][];
        };
        /** @enum {string} */
        DocumentStatus: "queued" | "parsing" | "embedding" | "ready" | "failed";
        UploadedDocumentDto: {
            /** @example x2bq9Lw0aVn3kT8mZ1rYc */
            id: string;
            projectId: string;
            /** @example acl-N18-3011.pdf */
            filename: string;
            /** @example 401234 */
            sizeBytes: number;
            /** @description Hex SHA-256 of the PDF; a project holds each file once. */
            sha256: string;
            /** @example ready */
            status: components["schemas"]["DocumentStatus"];
            /** @description Why the document failed; null otherwise. */
            error: string | null;
            /** @description The parsed article; null until the document is ready. */
            articleId: string | null;
            /** @description The parsed article's title; null until the document is ready (or when the paper has none). */
            title: string | null;
            /** @example 9 */
            pageCount: number | null;
            /** @description Null until the document is ready. */
            sectionCount: number | null;
            /** @description Null until the document is ready. */
            contextCount: number | null;
            /**
             * @description The parsers that read the document.
             * @example [
             *       "pdfjs"
             *     ]
             */
            parsers: string[];
            /** @description What degraded the parse (a service that timed out, …). */
            warnings: string[];
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            /** @description True when the project already held this file: the existing document is returned. */
            duplicate: boolean;
        };
        UploadResponseDto: {
            documents: components["schemas"]["UploadedDocumentDto"][];
            /** @description Files refused (not a PDF, too large, …), each with its reason. */
            rejected: components["schemas"]["RejectedFileDto"][];
        };
        DocumentResponseDto: {
            /** @example x2bq9Lw0aVn3kT8mZ1rYc */
            id: string;
            projectId: string;
            /** @example acl-N18-3011.pdf */
            filename: string;
            /** @example 401234 */
            sizeBytes: number;
            /** @description Hex SHA-256 of the PDF; a project holds each file once. */
            sha256: string;
            /** @example ready */
            status: components["schemas"]["DocumentStatus"];
            /** @description Why the document failed; null otherwise. */
            error: string | null;
            /** @description The parsed article; null until the document is ready. */
            articleId: string | null;
            /** @description The parsed article's title; null until the document is ready (or when the paper has none). */
            title: string | null;
            /** @example 9 */
            pageCount: number | null;
            /** @description Null until the document is ready. */
            sectionCount: number | null;
            /** @description Null until the document is ready. */
            contextCount: number | null;
            /**
             * @description The parsers that read the document.
             * @example [
             *       "pdfjs"
             *     ]
             */
            parsers: string[];
            /** @description What degraded the parse (a service that timed out, …). */
            warnings: string[];
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        /** @enum {string} */
        ContextKind: "text" | "table" | "equation" | "figure_caption";
        ContextBoxDto: {
            /** @example 3 */
            page: number;
            /** @example 72 */
            x: number;
            /** @example 140.5 */
            y: number;
            /** @example 220 */
            w: number;
            /** @example 48 */
            h: number;
        };
        SectionRefDto: {
            id: string;
            /** @example 3.2 */
            number: string;
            /** @example Entity Linking */
            title: string;
        };
        ContextArticleDto: {
            id: string;
            title: string;
            documentId: string;
        };
        ContextResponseDto: {
            id: string;
            /** @description Plain text; a Markdown table for tables, LaTeX for equations. */
            text: string;
            /** @example text */
            kind: components["schemas"]["ContextKind"];
            /** @description 1-based page where the context starts. */
            page: number;
            /** @description Where the context's first block sits on its page; null when unknown. */
            box: components["schemas"]["ContextBoxDto"] | null;
            section: components["schemas"]["SectionRefDto"];
            article: components["schemas"]["ContextArticleDto"];
        };
        OutlineArticleDto: {
            id: string;
            title: string;
            authors: string[];
            abstract: string;
            doi: string | null;
            pageCount: number;
            documentId: string;
        };
        OutlineSectionDto: {
            id: string;
            /**
             * @description The paper's own numbering (`2.1`), the ordinal where it has none, `ref` for the references.
             * @example 2.1
             */
            number: string;
            /** @example Related Work */
            title: string;
            /**
             * @description 1 for a top-level section.
             * @example 2
             */
            level: number;
            /** @description 0-based reading order. */
            position: number;
            numTokens: number;
            contextCount: number;
            pageStart: number | null;
            pageEnd: number | null;
        };
        OutlineResponseDto: {
            article: components["schemas"]["OutlineArticleDto"];
            /** @description In reading order. */
            sections: components["schemas"]["OutlineSectionDto"][];
        };
        /**
         * @description standard: vector k-NN; keyword: FTS5 BM25; hybrid: both fused. Default: hybrid with model embeddings, keyword with the lexical ones.
         * @enum {string}
         */
        SearchMode: "hybrid" | "standard" | "keyword";
        SearchRequestDto: {
            /** @example entity linking */
            query: string;
            /** @description standard: vector k-NN; keyword: FTS5 BM25; hybrid: both fused. Default: hybrid with model embeddings, keyword with the lexical ones. */
            mode?: components["schemas"]["SearchMode"];
            /**
             * @description How many contexts to return.
             * @example 10
             */
            k?: number;
        };
        ArticleRefDto: {
            id: string;
            title: string;
        };
        SearchResultDto: {
            contextId: string;
            text: string;
            /** @description Higher is better; the scale depends on the mode. */
            score: number;
            /** @description 1-based page where the context starts. */
            page: number;
            /**
             * @description The context kind: text, table, equation or figure_caption.
             * @example text
             */
            kind: string;
            article: components["schemas"]["ArticleRefDto"];
            section: components["schemas"]["SectionRefDto"];
        };
        SearchResponseDto: {
            /**
             * @description The mode that ran.
             * @example hybrid
             */
            mode: string;
            /** @description Best first. */
            results: components["schemas"]["SearchResultDto"][];
        };
        ParserServiceHealthDto: {
            /** @example http://grobid:8070 */
            url: string;
            alive: boolean;
        };
        HealthEmbedderDto: {
            /**
             * @description The embedder in use.
             * @enum {string}
             */
            kind: "lexical" | "transformers" | "openai";
            /** @example nomic-ai/nomic-embed-text-v1.5 */
            model: string;
            /** @example 768 */
            dimension: number;
            /** @description Why this embedder was chosen (EMBEDDINGS=auto falls back to lexical offline). */
            reason: string;
        };
        HealthLlmDto: {
            /** @example http://ollama:11434/v1 */
            baseUrl: string;
            /** @example llama3.2 */
            model: string;
            /** @example llama3.2 */
            smallModel: string;
        };
        JobCountsDto: {
            queued: number;
            running: number;
            done: number;
            failed: number;
        };
        HealthWorkerDto: {
            /** @description False with INGEST_WORKER=off: a separate worker process ingests. */
            inProcess: boolean;
            threads: number;
            concurrentDocuments: number;
            jobs: components["schemas"]["JobCountsDto"];
        };
        HealthResponseDto: {
            /** @example ok */
            status: string;
            /** @example 0.1.0 */
            version: string;
            embedder: components["schemas"]["HealthEmbedderDto"];
            /**
             * @description The configured parsers, the embedded pdfjs among them.
             * @example [
             *       "pdfjs"
             *     ]
             */
            parsers: string[];
            /** @description Each configured outside parser service (GROBID, Unstructured, Nougat) by name. */
            services: {
                [key: string]: components["schemas"]["ParserServiceHealthDto"];
            };
            /** @enum {string} */
            objectStore: "local" | "minio";
            /** @description Null when no LLM is configured: answers are extractive. */
            llm: components["schemas"]["HealthLlmDto"] | null;
            worker: components["schemas"]["HealthWorkerDto"];
        };
        ChatCitationDto: {
            contextId: string;
            articleId: string;
            articleTitle: string;
            /** @example 4.1 */
            sectionNumber: string;
            /** @example Baselines */
            sectionTitle: string;
            /** @description 1-based page. */
            page: number;
            /**
             * @description The `[n]` marker in the answer.
             * @example 1
             */
            n: number;
        };
        ChatLlmDto: {
            /** @description False when the answer is extractive. */
            used: boolean;
            /** @example llama3.2 */
            model?: string;
        };
        ChatRetrievalSummaryDto: {
            hits: number;
            passages: number;
            /** @description What the pipeline did or skipped (e.g. "multi-query needs an LLM; used the question alone"). */
            notes: string[];
        };
        ChatResponseDto: {
            /** @description Markdown with `[n]` citation markers. */
            answer: string;
            citations: components["schemas"]["ChatCitationDto"][];
            /**
             * @description The retrieval mode that ran.
             * @example hybrid
             */
            mode: string;
            llm: components["schemas"]["ChatLlmDto"];
            /** @description Set when the answer is extractive: no LLM configured, or the LLM failed. */
            notice?: string;
            retrieval: components["schemas"]["ChatRetrievalSummaryDto"];
        };
        ChatSourceDto: {
            contextId: string;
            articleId: string;
            articleTitle: string;
            /** @example 4.1 */
            sectionNumber: string;
            /** @example Baselines */
            sectionTitle: string;
            /** @description 1-based page. */
            page: number;
        };
        ChatRetrievalEventDto: {
            hits: number;
            passages: number;
            /** @description What the pipeline did or skipped (e.g. "multi-query needs an LLM; used the question alone"). */
            notes: string[];
            /** @example hybrid */
            mode: string;
            /** @description At most 20 of the passages found. */
            sources: components["schemas"]["ChatSourceDto"][];
        };
        TokenEventDto: {
            text: string;
        };
        StreamErrorEventDto: {
            message: string;
            /** @description Set when the message is generic: the id under which the error is logged. */
            errorId?: string;
        };
        /** @enum {string} */
        ChatRole: "user" | "assistant";
        ChatMessageDto: {
            role: components["schemas"]["ChatRole"];
            /**
             * @description Not blank.
             * @example What baselines did they consider?
             */
            content: string;
        };
        ChatRequestDto: {
            /** @description The conversation, oldest first; it must end with the user's question, which is what gets answered. */
            messages: components["schemas"]["ChatMessageDto"][];
            /** @description Default: hybrid with model embeddings, keyword with the offline lexical ones. */
            mode?: components["schemas"]["SearchMode"];
            /** @description How many contexts to retrieve (default 80). */
            k?: number;
            /**
             * @description parent: add the neighbouring contexts of the top hits.
             * @enum {string}
             */
            expand?: "parent" | "none";
            /** @description Let the LLM write variants of the question and search each: `true`, `false` or `{ "n": 1..5 }` variants. */
            multiQuery?: boolean | {
                n: number;
            };
            /** @description Let a small LLM drop irrelevant passages. */
            filter?: boolean;
            /** @description Rerank the hits (cross-encoder, or the LLM) before answering. */
            rerank?: boolean;
            /** @description Answer as server-sent events (retrieval, token*, citation*, done | error) instead of one JSON body. */
            stream?: boolean;
        };
        ExploreCitationDto: {
            articleId: string;
            /** @example 4.1 */
            sectionNumber: string;
            /** @example Baselines */
            sectionTitle: string;
            /** @description 1-based page. */
            page: number;
        };
        ExploreStepDto: {
            /**
             * @description search, outline, read, next, previous, read_page, answer or give_up.
             * @example read
             */
            tool: string;
            /**
             * @description The arguments the tool was called with.
             * @example {
             *       "section": "4.1"
             *     }
             */
            args: {
                [key: string]: unknown;
            };
            /** @description What the tool returned, in one line (or why it refused). */
            summary: string;
            /** @description The start of what the tool returned to the agent; absent for refused calls. */
            saw?: string;
            /** @description Tokens of what the tool returned to the agent. */
            tokens: number;
            ms: number;
        };
        ExploreUsageDto: {
            steps: number;
            /** @description Tokens the agent read, plus the prompts sent when an LLM navigates. */
            tokens: number;
            llmCalls: number;
        };
        ExploreResponseDto: {
            answer: string;
            citations: components["schemas"]["ExploreCitationDto"][];
            /** @description Every move of the agent, in order. */
            steps: components["schemas"]["ExploreStepDto"][];
            usage: components["schemas"]["ExploreUsageDto"];
            /**
             * @description heuristic: no LLM is configured; a deterministic navigator used the same tools.
             * @enum {string}
             */
            navigator: "llm" | "heuristic";
            /** @description Set when the answer is not the agent's own: no LLM, a give-up, or the budget ran out. */
            notice?: string;
        };
        ExploreAnswerEventDto: {
            answer: string;
            citations: components["schemas"]["ExploreCitationDto"][];
        };
        ExploreRequestDto: {
            /**
             * @description Not blank.
             * @example What baselines did they consider for causality prediction?
             */
            question: string;
            /** @description Read this article only; by default the agent searches the whole project. */
            articleId?: string;
            /** @description The step budget of the loop. */
            maxSteps?: number;
            /** @description Answer as server-sent events (step*, token*, answer, done | error) instead of one JSON body. */
            stream?: boolean;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    Projects_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every project with its document count. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectResponseDto"][];
                };
            };
            /** @description An unexpected failure; the body carries an `errorId` that is also in the log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Projects_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateProjectRequestDto"];
            };
        };
        responses: {
            /** @description The new project. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectResponseDto"];
                };
            };
            /** @description The name is missing, blank, too long or has control characters. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description A project already has this name. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description An unexpected failure; the body carries an `errorId` that is also in the log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Projects_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The project with its stats. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectResponseDto"];
                };
            };
            /** @description No project with this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description An unexpected failure; the body carries an `errorId` that is also in the log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Projects_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The project and everything in it are gone. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No project with this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description An unexpected failure; the body carries an `errorId` that is also in the log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Projects_rename: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RenameProjectRequestDto"];
            };
        };
        responses: {
            /** @description The renamed project. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProjectResponseDto"];
                };
            };
            /** @description The name is missing, blank, too long or has control characters. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description No project with this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Another project has this name. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description An unexpected failure; the body carries an `errorId` that is also in the log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Documents_list: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                projectId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every document of the project with its status. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DocumentResponseDto"][];
                };
            };
            /** @description No project with this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description An unexpected failure; the body carries an `errorId` that is also in the log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Documents_upload: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                projectId: string;
            };
            cookie?: never;
        };
        /** @description One or more PDFs (at most 500) in the `files` field. */
        requestBody: {
            content: {
                "multipart/form-data": {
                    files: string[];
                };
            };
        };
        responses: {
            /** @description The files are stored and queued; duplicates return the existing document; refused files are listed. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UploadResponseDto"];
                };
            };
            /** @description No files, more than the per-request limit, or a field other than `files`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description No project with this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description A file is larger than the upload limit (MAX_UPLOAD_MB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Every file was refused (not a PDF, a bad name, …): each with its reason. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UploadRejectedResponseDto"];
                };
            };
            /** @description An unexpected failure; the body carries an `errorId` that is also in the log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Documents_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DocumentResponseDto"];
                };
            };
            /** @description No document with this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description An unexpected failure; the body carries an `errorId` that is also in the log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Documents_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The document, its article, passages and stored PDF are gone. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No document with this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description An unexpected failure; the body carries an `errorId` that is also in the log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Documents_file: {
        parameters: {
            query?: {
                /** @description `1`: `Content-Disposition: attachment` instead of inline. */
                download?: "1";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The PDF as uploaded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description The ETag (the file's SHA-256) matches `If-None-Match`. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No document with this id or its stored file. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description An unexpected failure; the body carries an `errorId` that is also in the log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Documents_context: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                projectId: string;
                contextId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The context with its section, article and place on the page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContextResponseDto"];
                };
            };
            /** @description No project, or no context with this id in it. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description An unexpected failure; the body carries an `errorId` that is also in the log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Documents_retry: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The document, queued again. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DocumentResponseDto"];
                };
            };
            /** @description No document with this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description An unexpected failure; the body carries an `errorId` that is also in the log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Documents_outline: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The article and its sections in reading order. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OutlineResponseDto"];
                };
            };
            /** @description No article with this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description An unexpected failure; the body carries an `errorId` that is also in the log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Search_search: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                projectId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SearchRequestDto"];
            };
        };
        responses: {
            /** @description The best contexts for the query, best first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SearchResponseDto"];
                };
            };
            /** @description The body is invalid, or the query has nothing to search for. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description No project with this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The project's corpus was embedded with another model. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description An unexpected failure; the body carries an `errorId` that is also in the log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Export_download: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                projectId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The project's corpus as one SQLite file (articles, sections, contexts with embeddings), as an attachment. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.sqlite3": string;
                };
            };
            /** @description No project with this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description An unexpected failure; the body carries an `errorId` that is also in the log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Health_health: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The version, embedder, parsers, LLM and worker this server runs with. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HealthResponseDto"];
                };
            };
            /** @description An unexpected failure; the body carries an `errorId` that is also in the log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Chat_chat: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                projectId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChatRequestDto"];
            };
        };
        responses: {
            /**
             * @description The answer with its citations. Events come in order: retrieval, token*, citation*, done — or error at any point, which ends the stream.
             *
             *     With `stream: true`, `text/event-stream`: each event is `event: <name>` and one `data:` line of JSON:
             *     - `retrieval`: ChatRetrievalEventDto
             *     - `token`: TokenEventDto
             *     - `citation`: ChatCitationDto
             *     - `done`: ChatResponseDto
             *     - `error`: StreamErrorEventDto
             */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChatResponseDto"];
                    "text/event-stream": string;
                };
            };
            /** @description The body is invalid (no messages, the last not from the user, a bad mode, …). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description No project with this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The project's corpus was embedded with another model. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The body is larger than 8 MB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description An unexpected failure; the body carries an `errorId` that is also in the log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The LLM answered with something unusable. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The LLM cannot be reached or refused the request. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Explore_explore: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                projectId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ExploreRequestDto"];
            };
        };
        responses: {
            /**
             * @description The answer, its citations and every step of the agent. Events: step* (token* with an LLM), answer, done — or error at any point, which ends the stream.
             *
             *     With `stream: true`, `text/event-stream`: each event is `event: <name>` and one `data:` line of JSON:
             *     - `step`: ExploreStepDto
             *     - `token`: TokenEventDto
             *     - `answer`: ExploreAnswerEventDto
             *     - `done`: ExploreResponseDto
             *     - `error`: StreamErrorEventDto
             */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExploreResponseDto"];
                    "text/event-stream": string;
                };
            };
            /** @description The body is invalid, or `articleId` names no article of the project. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description No project with this id. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The project's corpus was embedded with another model. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description An unexpected failure; the body carries an `errorId` that is also in the log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The LLM answered with something unusable. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The LLM cannot be reached or refused the request. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Web_home: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The course assistant UI's index.html. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The UI is not built. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
        };
    };
    Web_project: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The course assistant UI's index.html. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The UI is not built. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
        };
    };
}
