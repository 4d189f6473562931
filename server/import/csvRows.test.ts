import { Readable } from 'node:stream';
import { csvText } from '../lib/csv';
import { csvRows, IMPORT_MAX_BYTES, unguard, type RowProblem } from './csvRows';

async function readAll(body: Readable, maxBytes?: number) {
  const problems: RowProblem[] = [];
  const items = [];
  for await (const item of csvRows(body, (found) => problems.push(found), maxBytes))
    items.push(item);
  return { items, problems };
}

describe('csvRows', () => {
  it("undoes exactly the export's formula guard", () => {
    for (const text of ['=SUM(A1)', '-x;+y', 'a,=b;-c', '@x\t=y', '--', "it's", "'plain"]) {
      const quoted = csvText(text);
      expect(unguard(quoted.slice(1, -1).replaceAll('""', '"'))).toBe(text);
    }
  });

  it('numbers rows as a spreadsheet does, reports a row of the wrong length, and reads quoted line breaks', async () => {
    const { items, problems } = await readAll(
      Readable.from(['\ufeff"Name","Note"\r\n"A","x"\r\n"B"\r\n"C","two\r\nlines"\r\n']),
    );
    expect(items).toEqual([
      { header: ['Name', 'Note'] },
      { row: 2, cells: ['A', 'x'] },
      { row: 3, cells: null },
      { row: 4, cells: ['C', 'two\r\nlines'] },
    ]);
    expect(problems).toEqual([
      { row: 3, field: 'row', message: 'has 1 cells where the header has 2' },
    ]);
  });

  it('refuses a file past its size with a 413, without holding it', async () => {
    const limit = 1024 * 1024;
    const chunk = Buffer.from(`"${'x'.repeat(1000)}"\r\n`.repeat(100));
    function* big() {
      for (let sent = 0; sent <= limit; sent += chunk.length) yield chunk;
    }
    await expect(readAll(Readable.from(big()), limit)).rejects.toMatchObject({
      statusCode: 413,
      message: 'An import is at most 1 MiB. Split the file and import each part.',
    });
    expect(IMPORT_MAX_BYTES).toBe(64 * 1024 * 1024);
  });

  it('reports an unclosed quote on the row it reached', async () => {
    const { problems } = await readAll(Readable.from(['"Name"\r\n"A"\r\n"B\r\n']));
    expect(problems).toEqual([
      {
        row: expect.any(Number),
        field: 'file',
        message: expect.stringContaining('is not valid CSV'),
      },
    ]);
    expect(problems[0].message).toMatch(/opening quote at line/);
  });
});
