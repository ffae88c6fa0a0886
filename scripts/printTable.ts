/** A title, then rows of text in columns as wide as their widest cell (the first row is the header). */
export function printTable(title: string, table: readonly (readonly string[])[]): void {
  const widths = table[0]!.map((_, column) => Math.max(...table.map((row) => row[column]!.length)));
  console.log(title);
  for (const row of table) {
    console.log(
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    );
  }
}
