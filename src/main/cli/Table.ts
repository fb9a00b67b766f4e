/** Rows as lines with every column padded to its widest cell, two spaces apart; null shows as "-". */
export const table = (rows: ReadonlyArray<ReadonlyArray<string | number | null>>): string => {
  const cells = rows.map((row) => row.map((c) => String(c ?? "-")))
  const widths: Array<number> = []
  for (const row of cells) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)))
  return cells.map((row) => row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]!))).join("  ")).join("\n")
}
