import { ApiExtraModels, ApiProperty, getSchemaPath } from '@nestjs/swagger';
import { CHAT_ROLES, CONVERSATION_TURN_KINDS, type ConversationTurnKind } from '@lectern/application';
import { ChatCitationDto } from '../../chat/dto/chat.response.dto';
import { ExploreCitationDto, ExploreStepDto } from '../../explore/dto/explore.response.dto';

export class ConversationResponseDto {
  @ApiProperty({ type: String, example: 'V1StGXR8_Z5jdHi6B-myT' })
  id!: string;

  @ApiProperty({ type: String })
  projectId!: string;

  @ApiProperty({ type: String, nullable: true, description: 'The owner once accounts exist; null: a conversation of the project.' })
  userId!: string | null;

  @ApiProperty({ type: String, example: 'Baselines for causality prediction' })
  title!: string;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ type: String, format: 'date-time', description: 'The last message or rename.' })
  updatedAt!: string;

  @ApiProperty({ type: Number, description: 'Questions and answers, each one message.' })
  messageCount!: number;
}

@ApiExtraModels(ChatCitationDto, ExploreCitationDto)
export class ConversationMessageDto {
  @ApiProperty({ enum: CHAT_ROLES, enumName: 'ChatRole' })
  role!: (typeof CHAT_ROLES)[number];

  @ApiProperty({
    enum: CONVERSATION_TURN_KINDS,
    enumName: 'ConversationTurnKind',
    description: 'A chat turn, or an explore run kept as a turn.',
  })
  kind!: ConversationTurnKind;

  @ApiProperty({ type: String, description: 'The question, or the answer in Markdown with `[n]` markers.' })
  content!: string;

  @ApiProperty({
    type: 'array',
    items: { oneOf: [{ $ref: getSchemaPath(ChatCitationDto) }, { $ref: getSchemaPath(ExploreCitationDto) }] },
    description: "The answer's citations (empty for a question): chat citations, or an explore answer's.",
  })
  citations!: Array<ChatCitationDto | ExploreCitationDto>;

  @ApiProperty({
    type: [ExploreStepDto],
    nullable: true,
    description: "An explore answer's steps, as the agent took them; null for chat messages and questions.",
  })
  steps!: ExploreStepDto[] | null;

  @ApiProperty({ type: String, nullable: true, description: 'Why the answer was extractive, when it was.' })
  notice!: string | null;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt!: string;
}

export class ConversationDetailResponseDto extends ConversationResponseDto {
  @ApiProperty({ type: [ConversationMessageDto], description: 'Oldest first.' })
  messages!: ConversationMessageDto[];
}
