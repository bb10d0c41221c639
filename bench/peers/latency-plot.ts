import type { PeerBenchRow } from '../peers.bench';
import type { PeerMode } from './peer-systems';

const WIDTH = 640;
const HEIGHT = 400;
const MARGIN = { left: 60, right: 170, top: 30, bottom: 50 };
const COLOURS = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#8c564b', '#e377c2'];

/**
 * p50 latency against corpus size, one line per system and mode, log–log, as a standalone SVG.
 * Written by the bench itself so the picture always matches the table next to it.
 */
export function latencyPlotSvg(rows: PeerBenchRow[], title: string): string {
  const series = new Map<string, Array<[number, number]>>();
  for (const row of rows) {
    for (const [mode, latency] of Object.entries(row.latency) as Array<[PeerMode, { p50Ms: number }]>) {
      const key = `${row.system} ${mode}`;
      series.set(key, [...(series.get(key) ?? []), [row.contexts, Math.max(latency.p50Ms, 0.01)]]);
    }
  }
  const xs = rows.map((r) => r.contexts);
  const ys = [...series.values()].flat().map(([, y]) => y);
  const x = logScale(Math.min(...xs), Math.max(...xs), MARGIN.left, WIDTH - MARGIN.right);
  const y = logScale(Math.min(...ys), Math.max(...ys), HEIGHT - MARGIN.bottom, MARGIN.top);
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" font-family="sans-serif" font-size="12">`,
    `<rect width="100%" height="100%" fill="white"/>`,
    `<text x="${WIDTH / 2}" y="18" text-anchor="middle" font-size="14">${escape(title)}</text>`,
    `<line x1="${MARGIN.left}" y1="${HEIGHT - MARGIN.bottom}" x2="${WIDTH - MARGIN.right}" y2="${HEIGHT - MARGIN.bottom}" stroke="black"/>`,
    `<line x1="${MARGIN.left}" y1="${MARGIN.top}" x2="${MARGIN.left}" y2="${HEIGHT - MARGIN.bottom}" stroke="black"/>`,
    `<text x="${(MARGIN.left + WIDTH - MARGIN.right) / 2}" y="${HEIGHT - 10}" text-anchor="middle">contexts (log)</text>`,
    `<text transform="translate(15 ${HEIGHT / 2}) rotate(-90)" text-anchor="middle">p50 latency, ms (log)</text>`,
  ];
  for (const size of [...new Set(xs)]) {
    parts.push(`<text x="${x(size)}" y="${HEIGHT - MARGIN.bottom + 16}" text-anchor="middle">${size.toLocaleString('en')}</text>`);
  }
  for (const tick of logTicks(Math.min(...ys), Math.max(...ys))) {
    parts.push(`<text x="${MARGIN.left - 6}" y="${y(tick) + 4}" text-anchor="end">${tick}</text>`);
    parts.push(`<line x1="${MARGIN.left}" y1="${y(tick)}" x2="${WIDTH - MARGIN.right}" y2="${y(tick)}" stroke="#eee"/>`);
  }
  [...series.entries()].forEach(([name, points], i) => {
    const colour = COLOURS[i % COLOURS.length];
    const dash = name.startsWith('Lectern') ? '' : ' stroke-dasharray="5 3"';
    const path = points.map(([px, py]) => `${x(px).toFixed(1)},${y(py).toFixed(1)}`).join(' ');
    parts.push(`<polyline points="${path}" fill="none" stroke="${colour}" stroke-width="2"${dash}/>`);
    for (const [px, py] of points) parts.push(`<circle cx="${x(px).toFixed(1)}" cy="${y(py).toFixed(1)}" r="3" fill="${colour}"/>`);
    const legendY = MARGIN.top + 10 + i * 18;
    parts.push(
      `<line x1="${WIDTH - MARGIN.right + 10}" y1="${legendY}" x2="${WIDTH - MARGIN.right + 30}" y2="${legendY}" stroke="${colour}" stroke-width="2"${dash}/>`,
    );
    parts.push(`<text x="${WIDTH - MARGIN.right + 35}" y="${legendY + 4}">${escape(name)}</text>`);
  });
  parts.push('</svg>');
  return parts.join('\n') + '\n';
}

function logScale(min: number, max: number, from: number, to: number): (value: number) => number {
  const lo = Math.log10(min);
  const span = Math.log10(max) - lo || 1;
  return (value) => from + ((Math.log10(value) - lo) / span) * (to - from);
}

function logTicks(min: number, max: number): number[] {
  const ticks: number[] = [];
  for (let p = Math.floor(Math.log10(min)); p <= Math.ceil(Math.log10(max)); p++) {
    for (const m of [1, 3]) {
      const tick = m * 10 ** p;
      if (tick >= min && tick <= max) ticks.push(tick);
    }
  }
  return ticks;
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
