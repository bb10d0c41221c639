import { applyDecorators, type Type } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, getSchemaPath } from '@nestjs/swagger';

/**
 * Documents a POST that answers one JSON body by default and server-sent events with `stream: true`. Each event's
 * `data` is one JSON line whose schema is listed (and published in components, so clients get its type).
 */
export function ApiJsonOrEventStream(json: Type<unknown>, events: Record<string, Type<unknown>>, summary: string): MethodDecorator {
  const eventList = Object.entries(events)
    .map(([name, type]) => `- \`${name}\`: ${type.name}`)
    .join('\n');
  return applyDecorators(
    ApiExtraModels(json, ...Object.values(events)),
    ApiOkResponse({
      description: `${summary}\n\nWith \`stream: true\`, \`text/event-stream\`: each event is \`event: <name>\` and one \`data:\` line of JSON:\n${eventList}`,
      content: {
        'application/json': { schema: { $ref: getSchemaPath(json) } },
        'text/event-stream': { schema: { type: 'string', example: 'event: token\ndata: {"text":"The baselines"}\n\n' } },
      },
    }),
  );
}
