import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateBy,
  ValidateNested,
  type ValidationOptions,
} from 'class-validator';
import {
  CHAT_ROLES,
  EXPAND_MODES,
  MAX_ANSWER_K,
  MAX_CHAT_MESSAGE_CHARS,
  MAX_CHAT_MESSAGES,
  MAX_MULTI_QUERY_N,
  SEARCH_MODES,
  type SearchMode,
} from '@lectern/application';
import { ArticleIdsProperty } from '../../core/dto/article-ids.property';

export class ChatMessageDto {
  @ApiProperty({ enum: CHAT_ROLES, enumName: 'ChatRole' })
  @IsIn(CHAT_ROLES)
  role!: (typeof CHAT_ROLES)[number];

  @ApiProperty({
    type: String,
    minLength: 1,
    maxLength: MAX_CHAT_MESSAGE_CHARS,
    description: 'Not blank.',
    example: 'What baselines did they consider?',
  })
  @IsString()
  @MaxLength(MAX_CHAT_MESSAGE_CHARS)
  @Matches(/\S/, { message: 'content must not be empty' })
  content!: string;
}

/** `multiQuery` is `true`/`false` or `{ n: 1..5 }` (how many variants the LLM writes). */
function IsMultiQuery(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isMultiQuery',
      validator: {
        validate: (value: unknown) => {
          if (typeof value === 'boolean') return true;
          if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
          const keys = Object.keys(value);
          const n = (value as { n?: unknown }).n;
          return keys.length === 1 && keys[0] === 'n' && Number.isInteger(n) && (n as number) >= 1 && (n as number) <= MAX_MULTI_QUERY_N;
        },
        defaultMessage: () => `multiQuery must be true, false or { "n": 1..${MAX_MULTI_QUERY_N} }`,
      },
    },
    options,
  );
}

/** The conversation must end with the user's question: that is what gets answered. */
function EndsWithUserMessage(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'endsWithUserMessage',
      validator: {
        validate: (value: unknown) =>
          !Array.isArray(value) || value.length === 0 || (value[value.length - 1] as { role?: unknown } | null)?.role === 'user',
        defaultMessage: () => 'the last message must be from the user',
      },
    },
    options,
  );
}

export class ChatRequestDto {
  @ApiProperty({
    type: [ChatMessageDto],
    minItems: 1,
    maxItems: MAX_CHAT_MESSAGES,
    description: "The conversation, oldest first; it must end with the user's question, which is what gets answered.",
  })
  @IsDefined()
  @IsArray()
  @ArrayMinSize(1, { message: 'messages must contain at least 1 message' })
  @ArrayMaxSize(MAX_CHAT_MESSAGES, { message: `messages must contain at most ${MAX_CHAT_MESSAGES} messages` })
  @ValidateNested({ each: true })
  @EndsWithUserMessage()
  @Type(() => ChatMessageDto)
  messages!: ChatMessageDto[];

  @ApiPropertyOptional({
    enum: SEARCH_MODES,
    enumName: 'SearchMode',
    description: 'Default: hybrid with model embeddings, keyword with the offline lexical ones.',
  })
  @IsOptional()
  @IsIn(SEARCH_MODES)
  mode?: SearchMode;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: MAX_ANSWER_K,
    description: 'How many contexts to retrieve (default 80).',
    example: 80,
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_ANSWER_K)
  k?: number;

  @ApiPropertyOptional({ enum: ['parent', 'none'], description: 'parent: add the neighbouring contexts of the top hits.' })
  @IsOptional()
  @IsIn(EXPAND_MODES)
  expand?: (typeof EXPAND_MODES)[number];

  @ApiPropertyOptional({
    oneOf: [
      { type: 'boolean' },
      {
        type: 'object',
        properties: { n: { type: 'integer', minimum: 1, maximum: MAX_MULTI_QUERY_N } },
        required: ['n'],
        additionalProperties: false,
      },
    ],
    description: 'Let the LLM write variants of the question and search each: `true`, `false` or `{ "n": 1..5 }` variants.',
  })
  @IsOptional()
  @IsMultiQuery()
  multiQuery?: boolean | { n: number };

  @ApiPropertyOptional({ type: Boolean, description: 'Let a small LLM drop irrelevant passages.' })
  @IsOptional()
  @IsBoolean()
  filter?: boolean;

  @ApiPropertyOptional({ type: Boolean, description: 'Rerank the hits (cross-encoder, or the LLM) before answering.' })
  @IsOptional()
  @IsBoolean()
  rerank?: boolean;

  @ArticleIdsProperty()
  articleIds?: string[];

  @ApiPropertyOptional({
    type: String,
    description: 'Append the question and its finished answer (with citations) to this conversation of the project.',
  })
  @IsOptional()
  @IsString()
  @Matches(/\S/, { message: 'conversationId must not be empty' })
  conversationId?: string;

  @ApiPropertyOptional({
    type: Boolean,
    description: 'Answer as server-sent events (retrieval, token*, citation*, done | error) instead of one JSON body.',
    example: false,
  })
  @IsOptional()
  @IsBoolean()
  stream?: boolean;
}
