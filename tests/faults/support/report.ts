/** Plain-text tables for the figures each fault test prints (docs/performance.md "Faults" shows the latest ones). */
export function table(title: string, rows: [string, string | number][]): string {
  const width = Math.max(...rows.map(([label]) => label.length));
  const lines = rows.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`);
  return [`\n${title}`, ...lines].join('\n');
}

export function grid(title: string, header: string[], rows: (string | number)[][]): string {
  const cells = [header, ...rows.map((row) => row.map(String))];
  const widths = header.map((_, column) => Math.max(...cells.map((row) => (row[column] ?? '').length)));
  const format = (row: string[]) => `  ${row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ')}`.trimEnd();
  return [`\n${title}`, format(header), format(widths.map((width) => '-'.repeat(width))), ...cells.slice(1).map(format)].join('\n');
}

export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}
