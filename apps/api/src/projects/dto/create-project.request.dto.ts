import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsString, Length, Matches } from 'class-validator';

export class CreateProjectRequestDto {
  @ApiProperty({
    type: String,
    minLength: 1,
    maxLength: 100,
    description: 'Unique among projects; trimmed; no control characters.',
    example: 'CS 546: Advanced NLP',
  })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @Length(1, 100)
  @Matches(/^[^\u0000-\u001f\u007f]+$/, { message: 'name must not contain control characters' })
  name!: string;
}

/** A new name for a project: the same rules as a new project's. */
export class RenameProjectRequestDto extends CreateProjectRequestDto {}
