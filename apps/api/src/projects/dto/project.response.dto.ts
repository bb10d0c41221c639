export class ProjectStatsDto {
  documents!: number;
  ready!: number;
  failed!: number;
  /** Queued, parsing or embedding. */
  inProgress!: number;
  articles!: number;
  sections!: number;
  contexts!: number;
  /** Pages of the ready documents. */
  pages!: number;
}

export class ProjectResponseDto {
  id!: string;
  name!: string;
  createdAt!: string;
  documentCount!: number;
  /** Only on `GET /projects/:id`: counting opens the project's corpus. */
  stats?: ProjectStatsDto;
}
