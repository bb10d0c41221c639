import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** The body of every error answer, as the exception filter writes it. */
export class ErrorResponseDto {
  @ApiProperty({ type: Number, example: 404 })
  statusCode!: number;

  @ApiProperty({
    type: String,
    description: 'The error class name, e.g. `ProjectNotFoundError` or `BadRequestException`.',
    example: 'ProjectNotFoundError',
  })
  error!: string;

  @ApiProperty({
    type: String,
    description: 'What went wrong, in words; validation errors joined with `; `.',
    example: 'no project "p_123"',
  })
  message!: string;

  @ApiPropertyOptional({ type: String, description: 'On a 500 only: the id under which the error is logged.', example: '3f9a1c2b7d4e' })
  errorId?: string;
}

export class RejectedFileDto {
  @ApiProperty({ type: String, example: 'notes.txt' })
  filename!: string;

  @ApiProperty({ type: String, example: 'not a PDF' })
  reason!: string;
}

/** A 422 to an upload where every file was refused: each file with its reason. */
export class UploadRejectedResponseDto extends ErrorResponseDto {
  @ApiProperty({ type: [RejectedFileDto] })
  rejected!: RejectedFileDto[];
}
