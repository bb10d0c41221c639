import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { MAX_CONVERSATION_TITLE } from '@lectern/application';

export class CreateConversationRequestDto {
  @ApiPropertyOptional({
    type: String,
    maxLength: MAX_CONVERSATION_TITLE,
    description: 'Default: "New conversation", replaced by the first question.',
    example: 'Baselines for causality prediction',
  })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_CONVERSATION_TITLE)
  title?: string;
}

export class RenameConversationRequestDto {
  @ApiProperty({ type: String, minLength: 1, maxLength: MAX_CONVERSATION_TITLE, example: 'Baselines for causality prediction' })
  @IsString()
  @MaxLength(MAX_CONVERSATION_TITLE)
  title!: string;
}
