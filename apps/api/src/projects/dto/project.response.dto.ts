export class ProjectResponseDto {
  id!: string;
  name!: string;
  createdAt!: string;
  documentCount!: number;
}
