import { csvColumns, csvField, csvLine, csvNumber, csvText } from './csv';

// The one CSV encoder of every download: each text quoted, a text a spreadsheet would run as a
// formula made inert wherever a spreadsheet may start a cell (the text's start, and after each
// `,`, `;` or tab when it splits lines on those and ignores quotes), numbers left as numbers.

/** The cells a spreadsheet makes of a line when it splits on `separator` and ignores quotes. */
const cellsSplitOn = (line: string, separator: string) =>
  line
    .replace(/\r\n$/, '')
    .split(separator)
    .map((cell) => cell.replace(/^"/, ''));

const FORMULA = /^[=+\-@\t\r]/;

describe('csvText', () => {
  it('quotes every text and doubles its quotes', () => {
    expect(csvText('Asthma')).toBe('"Asthma"');
    expect(csvText('Lung, "sticky" mucus')).toBe('"Lung, ""sticky"" mucus"');
    expect(csvText('')).toBe('""');
    expect(csvText('two\nlines')).toBe('"two\nlines"');
  });

  it('puts a quote before a text that starts as a formula', () => {
    const cases: [string, string][] = [
      ['=1+1', '"\'=1+1"'],
      ['+1', '"\'+1"'],
      ['-1', '"\'-1"'],
      ['@SUM(A1)', '"\'@SUM(A1)"'],
      ['\tx', '"\'\tx"'],
      ['\rx', '"\'\rx"'],
      ['a=1', '"a=1"'],
      [' =1', '" =1"'],
      ["'x", '"\'x"'],
    ];
    expect(cases.map(([text]) => [text, csvText(text)])).toEqual(cases);
  });

  it('makes a formula inert after every separator a spreadsheet may split on', () => {
    expect(csvText("Zeta;=cmd|' /C calc'!A0")).toBe("\"Zeta;'=cmd|' /C calc'!A0\"");
    expect(csvText('a,-b;+c\t@d')).toBe("\"a,'-b;'+c\t'@d\"");
    // A tab is a separator and a formula's start at once: both cells it makes are inert.
    expect(csvText('x\t\t=y')).toBe('"x\t\'\t\'=y"');
    // Text around separators that starts no formula is left as it is.
    expect(csvText('Nausea, stomach pain; 10-20 mg')).toBe('"Nausea, stomach pain; 10-20 mg"');
  });

  it('leaves no cell starting a formula, however a spreadsheet splits the line', () => {
    const texts = [
      "Zeta;=cmd|' /C calc'!A0",
      '=HYPERLINK("http://x")',
      'a,=1;@2\t+3\t-4',
      ';;=x',
      ',\t\r=y',
    ];
    for (const text of texts) {
      const line = csvLine([text, 1]);
      for (const separator of [',', ';', '\t']) {
        const cells = cellsSplitOn(line, separator);
        expect({ text, separator, formulas: cells.filter((cell) => FORMULA.test(cell)) }).toEqual({
          text,
          separator,
          formulas: [],
        });
      }
    }
  });

  it("leaves the lists' dashes for nothing as they are: no formula is made of dashes alone", () => {
    expect(csvText('-')).toBe('"-"');
    expect(csvText('--')).toBe('"--"');
    expect(csvText('--x')).toBe('"\'--x"');
  });
});

describe('csvField and csvLine', () => {
  it('writes numbers unquoted, negative ones included, and nothing as an empty field', () => {
    expect(csvLine([1, -2.5, 'x', null, undefined, true, ''])).toBe('1,-2.5,"x",,,true,""\r\n');
    expect(csvField(Number.NaN)).toBe('"NaN"');
  });
});

describe('csvNumber and csvColumns', () => {
  it("writes a numeric column's PostgreSQL texts as numbers, and other columns as texts", () => {
    expect(['-3', '0.5', '1e-7', '12', 'NaN', '-Infinity', null].map(csvNumber)).toEqual([
      '-3',
      '0.5',
      '1e-7',
      '12',
      '"NaN"',
      '"\'-Infinity"',
      '',
    ]);
    const columns = csvColumns([
      { name: 'Name', dataTypeID: 25 },
      { name: 'Count', dataTypeID: 20 },
      { name: 'Dose', dataTypeID: 1700 },
      { name: 'Range', dataTypeID: 25 },
    ]);
    expect(columns.header).toBe('"Name","Count","Dose","Range"\r\n');
    expect(
      columns.lines([
        ['-Zeta', '3', '-1.5', '-1 - 5'],
        [null, null, null, ''],
      ]),
    ).toBe('"\'-Zeta",3,-1.5,"\'-1 - 5"\r\n,,,""\r\n');
  });
});
