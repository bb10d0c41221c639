import { applyDecorators, type Type } from '@nestjs/common';
import { ApiExtraModels, ApiResponse, getSchemaPath } from '@nestjs/swagger';
import { ErrorResponseDto } from './dto/error.response.dto';

/** An error status a route may answer, with what it means there (and, rarely, a body other than ErrorResponseDto). */
export type ApiErrorSpec = string | { description: string; type: Type<unknown> };

const INTERNAL_ERROR = 'An unexpected failure; the body carries an `errorId` that is also in the log.';

/**
 * Documents a route's error answers: each given status with its meaning, plus the 500 every route may give.
 * All are JSON with the exception filter's body (ErrorResponseDto), whatever the route's success content type.
 */
export function ApiErrors(errors: Record<number, ApiErrorSpec>): MethodDecorator & ClassDecorator {
  const all: Array<[string, ApiErrorSpec]> = [...Object.entries(errors), ['500', INTERNAL_ERROR]];
  const types = all.map(([, spec]) => (typeof spec === 'string' ? ErrorResponseDto : spec.type));
  return applyDecorators(
    ApiExtraModels(...new Set(types)),
    ...all.map(([status, spec], i) =>
      ApiResponse({
        status: Number(status),
        description: typeof spec === 'string' ? spec : spec.description,
        content: { 'application/json': { schema: { $ref: getSchemaPath(types[i]) } } },
      }),
    ),
  );
}
