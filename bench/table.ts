// The one table of `npm run bench`: a line per figure with its budget, the ratio where
// two things were measured side by side in the same run, and whether the budget is met.
// Printed padded on stdout, written as Markdown and JSON under reports/.

export type Status = 'met' | 'not met' | 'info' | 'error';

export interface TableLine {
  row: number;
  name: string;
  figure: string;
  budget: string;
  ratio: string;
  status: Status;
}

const HEADER = ['#', 'measurement', 'figure', 'budget', 'ratio', 'status'] as const;

function cells(line: TableLine): string[] {
  return [String(line.row), line.name, line.figure, line.budget, line.ratio, line.status];
}

export function printTable(lines: readonly TableLine[]): string {
  const rows = [[...HEADER], ...lines.map(cells)];
  const widths = HEADER.map((_, column) =>
    Math.max(...rows.map((row) => (row[column] ?? '').length)),
  );
  const format = (row: string[]) =>
    row
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  return [
    format(rows[0] ?? []),
    widths.map((width) => '-'.repeat(width)).join('  '),
    ...rows.slice(1).map(format),
  ].join('\n');
}

export function markdownTable(lines: readonly TableLine[]): string {
  const escape = (cell: string) => cell.replace(/\|/g, '\\|');
  const row = (values: readonly string[]) => `| ${values.map(escape).join(' | ')} |`;
  return [
    row(HEADER),
    row(HEADER.map(() => '---')),
    ...lines.map((line) =>
      row(
        cells(line).map((cell, column) =>
          column === 5 && cell === 'not met' ? '**not met**' : cell,
        ),
      ),
    ),
  ].join('\n');
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
export const ms = (value: number, digits = 0) => `${value.toFixed(digits)} ms`;
export const times = (ratio: number) => `${ratio.toFixed(2)}×`;
export const signed = (value: number) => `${value >= 0 ? '+' : ''}${value}`;
export const percent = (ratio: number) => `${Math.round(ratio * 100)} %`;
export const status = (ok: boolean): Status => (ok ? 'met' : 'not met');
