import { isBold, type TextLine } from './layout.types';

/** The vertical extent of full-width material on a two-column page, and the size of its first line. */
export interface FullWidthBand {
  top: number;
  bottom: number;
  firstSize: number;
}

/** A heading sits at most this many of its own sizes above the band it opens. */
const MAX_HEADING_GAP = 2.5;

/**
 * A short heading that opens a full-width band after the two columns ("A First section of the appendix" under a
 * bibliography set in two columns) fits inside one column, so it was read as that column's last line — before the
 * other column's text. It belongs to the band: a line set off (larger or bold) right above the band, below every
 * line of the other column and with nothing of its own column between it and the band, raises the band's top.
 */
export function raiseBandsOverHeadings(lines: TextLine[], bands: FullWidthBand[], spans: (l: TextLine) => boolean, gutter: number): void {
  const side = (l: TextLine) => (l.x1 <= gutter + l.size || (l.x0 + l.x1) / 2 < gutter ? 0 : 1);
  for (const band of bands) {
    for (;;) {
      const heading = lines.find(
        (l) =>
          !spans(l) &&
          l.y - 0.3 * l.size >= band.top - 1 &&
          l.y - band.top < MAX_HEADING_GAP * l.size &&
          (l.size >= band.firstSize + 1 || isBold(l)),
      );
      if (!heading) break;
      // Any column line between the heading's baseline and the band (other column: below the heading) keeps it a column's.
      const between = lines.some(
        (l) =>
          l !== heading &&
          !spans(l) &&
          l.y > band.top &&
          l.y < heading.y + 0.3 * heading.size &&
          (side(l) !== side(heading) || l.y < heading.y),
      );
      if (between) break;
      band.top = heading.y + heading.size;
    }
  }
}
