import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { version } from '../../../../package.json';

/** Where the running API serves its contract and the Swagger UI that renders it. */
export const OPENAPI_JSON_PATH = '/openapi.json';
export const DOCS_PATH = '/docs';

/** The OpenAPI document of every route, built from the controllers' and DTOs' decorators. */
export function createOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Lectern API')
    .setDescription(
      'Reads scientific PDFs the way a researcher does: projects of documents, their structure, search, answers with citations, ' +
        "an agent that explores a paper, and a project's corpus as one SQLite file. Errors share one body (ErrorResponseDto).",
    )
    .setVersion(version)
    .build();
  // `Projects_create` rather than `ProjectsController_create`: the role suffix says nothing to a client.
  return SwaggerModule.createDocument(app, config, {
    operationIdFactory: (controllerKey, methodKey) => `${controllerKey.replace(/Controller$/, '')}_${methodKey}`,
  });
}

/**
 * Serves the document at /openapi.json and Swagger UI at /docs. The UI's scripts and styles come from swagger-ui-dist
 * (installed with @nestjs/swagger), so the page works offline; no validator badge calls out either.
 */
export function serveOpenApi(app: INestApplication, document: OpenAPIObject = createOpenApiDocument(app)): void {
  SwaggerModule.setup(DOCS_PATH.slice(1), app, document, {
    jsonDocumentUrl: OPENAPI_JSON_PATH.slice(1),
    raw: ['json'],
    customSiteTitle: 'Lectern API',
    swaggerOptions: { validatorUrl: null },
  });
}
