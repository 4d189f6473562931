import type { Readable } from 'node:stream';
import type { DataQualityFinding } from './data-quality';
import { DataQualityReport } from './data-quality-report';

async function text(stream: Readable): Promise<{ text: string; chunks: number }> {
  let all = '';
  let chunks = 0;
  for await (const chunk of stream) {
    all += String(chunk);
    chunks += 1;
  }
  return { text: all, chunks };
}

const finding = (n: number): DataQualityFinding => ({
  kind: 'zero_dose',
  severity: 'error',
  entity: 'weight_dosage',
  entity_id: n,
  medication_id: 1 + (n % 7),
  message: `Dosage #${n} is "0 mg", a \\ backslash`,
});

describe('the whole report as JSON', () => {
  it.each([0, 1, 499, 500, 501, 1234])(
    'is the serialised { data } of all %i findings, in chunks',
    async (count) => {
      const findings = Array.from({ length: count }, (_, n) => finding(n + 1));
      const expected = JSON.stringify({ data: findings });
      const { text: streamed, chunks } = await text(
        new DataQualityReport(findings).json((answer) => JSON.stringify(answer)),
      );
      expect(streamed).toBe(expected);
      // The opening and the closing, and a chunk for every 500 findings.
      expect(chunks).toBe(2 + Math.ceil(count / 500));
    },
  );

  it('refuses a serialiser that does not write { data } first', async () => {
    const stream = new DataQualityReport([finding(1)]).json(
      (answer) => `{"meta":{},"data":${JSON.stringify(answer.data)}}`,
    );
    await expect(text(stream)).rejects.toThrow('Unexpected serialisation of a list');
  });
});

it('lets other work run between two chunks of a download, however fast it is read', async () => {
  const findings = Array.from({ length: 2000 }, (_, n) => finding(n + 1));
  const report = new DataQualityReport(findings);
  for (const stream of [report.json((answer) => JSON.stringify(answer)), report.csv({})]) {
    const seen: string[] = [];
    for await (const chunk of stream) {
      if (seen.length === 0) setImmediate(() => seen.push('other work'));
      seen.push(String(chunk).length > 0 ? 'chunk' : 'empty');
    }
    // The other work ran right after the first chunk, not after the whole download.
    expect(seen.indexOf('other work')).toBeGreaterThan(0);
    expect(seen.indexOf('other work')).toBeLessThan(3);
    expect(seen.filter((entry) => entry === 'chunk').length).toBeGreaterThan(4);
  }
});
