import type { ContextBox, ContextKind } from '@lectern/corpus';

/** One context with where it sits: the UI's source view opens the document at `page` and highlights `box`. */
export class ContextResponseDto {
  id!: string;
  text!: string;
  kind!: ContextKind;
  page!: number;
  /** Where the context's first block sits on its page, in PDF points from the top-left; null when unknown. */
  box!: ContextBox | null;
  section!: { id: string; number: string; title: string };
  article!: { id: string; title: string; documentId: string };
}
