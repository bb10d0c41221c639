import { Transform } from 'class-transformer';
import { IsString, Length, Matches } from 'class-validator';

export class CreateProjectRequestDto {
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @Length(1, 100)
  @Matches(/^[^\u0000-\u001f\u007f]+$/, { message: 'name must not contain control characters' })
  name!: string;
}

/** A new name for a project: the same rules as a new project's. */
export class RenameProjectRequestDto extends CreateProjectRequestDto {}
