import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { spreadsheetSafe, toCsv } from './csv';

describe('spreadsheet-safe CSV (OWASP CSV injection)', () => {
  it('prefixes a single quote to text a spreadsheet would run as a formula', () => {
    for (const danger of ['=HYPERLINK("http://evil.example","Click")', '+1+cmd|/C calc!A0', '-2+3', '@SUM(A1:A9)', '\t=1+1', '\r=1+1']) {
      expect(spreadsheetSafe(danger)).toBe(`'${danger}`);
    }
  });

  it('leaves ordinary text alone, including formula characters after the first', () => {
    for (const fine of ['Rain', 'Field 1 = closed', 'a-b', 'info@league.org', '', ' =1', "'=already"]) expect(spreadsheetSafe(fine)).toBe(fine);
  });

  it('writes a header and rows, escaping every text cell, and reads back as the escaped text', () => {
    const csv = toCsv(['team', 'reason', 'count', 'override'] as const, [
      { team: '@Cardinals', reason: '=HYPERLINK("http://evil.example","x"), then more', count: -3, override: true },
      { team: 'Robins', reason: null, count: 0, override: false },
    ]);
    expect(parse(csv)).toEqual([
      ['team', 'reason', 'count', 'override'],
      ["'@Cardinals", `'=HYPERLINK("http://evil.example","x"), then more`, '-3', 'true'],
      ['Robins', '', '0', 'false'],
    ]);
  });
});
