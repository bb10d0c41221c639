/** The element shape of the Unstructured API's JSON answer (only the fields Lectern reads are typed). */

export interface UnstructuredCoordinates {
  /** Polygon corners, usually four, in `system` units. */
  points: Array<[number, number]>;
  /** `PixelSpace` for hi_res (page rendered at `layout_width` × `layout_height`), `PointSpace` otherwise. */
  system: string;
  layout_width: number;
  layout_height: number;
}

export interface UnstructuredMetadata {
  /** 1-based. */
  page_number?: number;
  /** Only on `Table` elements, and only with table structure inference on. */
  text_as_html?: string;
  coordinates?: UnstructuredCoordinates;
  parent_id?: string;
}

export interface UnstructuredElement {
  /** `Title`, `NarrativeText`, `Table`, `FigureCaption`, `ListItem`, `Formula`, `Image`, `PageNumber`, … */
  type: string;
  element_id?: string;
  text: string;
  metadata: UnstructuredMetadata;
}

/** What the ingest pipeline depends on, so a test or another deployment can stand in for the HTTP client. */
export interface UnstructuredPartitioner {
  isAlive(): Promise<boolean>;
  partition(pdfPath: string, signal?: AbortSignal): Promise<UnstructuredElement[]>;
}
