import { stringify } from 'csv-stringify/sync';

/**
 * Characters that make a spreadsheet read a cell as a formula (or, for tab and carriage return, let one through
 * after the cell is split or trimmed): OWASP "CSV Injection".
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A cell as a spreadsheet will show it and never run it: text starting with = + - @, a tab or a carriage return
 * gets a leading single quote, which Excel, LibreOffice and Google Sheets take as "this is text". Everything else
 * is returned as it is.
 */
export function spreadsheetSafe(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

export type CsvCell = string | number | boolean | null | undefined;

/**
 * The one way the server writes CSV: a header row of `columns`, then one row per record, every text cell made
 * spreadsheet-safe (people type cancel reasons, team names and notes; an admin opens the file in a spreadsheet).
 * Numbers and booleans are written as they are; null and undefined as empty cells.
 */
export function toCsv<C extends string>(columns: readonly C[], rows: ReadonlyArray<Record<C, CsvCell>>): string {
  const cell = (v: CsvCell): string => (v === null || v === undefined ? '' : typeof v === 'string' ? spreadsheetSafe(v) : String(v));
  return stringify([[...columns], ...rows.map((row) => columns.map((c) => cell(row[c])))]);
}
