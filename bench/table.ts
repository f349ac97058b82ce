/** The benchmark's one output format: metric, ours, the reference tool's figure, their ratio, the goal, met or not. */

export interface Row {
  readonly metric: string;
  readonly ours: number;
  readonly unit: string;
  /** The reference tool's figure for the same work, and the tool's name. */
  readonly reference?: { readonly value: number; readonly tool: string };
  readonly goal?: string;
  readonly met?: boolean;
}

function formatNumber(value: number, unit: string): string {
  const digits = Number.isInteger(value) || value >= 100 ? 0 : value >= 10 ? 1 : 2;
  return `${value.toFixed(digits)} ${unit}`.trim();
}

export function renderTable(rows: readonly Row[]): string {
  const cells = rows.map((row) => [
    row.metric,
    formatNumber(row.ours, row.unit),
    row.reference === undefined ? '' : `${formatNumber(row.reference.value, row.unit)} (${row.reference.tool})`,
    row.reference === undefined || row.reference.value === 0 ? '' : `${(row.ours / row.reference.value).toFixed(2)}×`,
    row.goal ?? '',
    row.met === undefined ? '' : row.met ? 'met' : 'NOT met',
  ]);
  const header = ['metric', 'ours', 'reference', 'ratio', 'goal', ''];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (values: readonly string[]) => values.map((v, i) => v.padEnd(widths[i]!)).join('  ').trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n');
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export function median(values: readonly number[]): number {
  return percentile([...values].sort((a, b) => a - b), 50);
}
