import type { Readable } from 'node:stream';
import { DATA_QUALITY_SEVERITIES } from '@contract/enums';
import type { Schema } from '../contract';
import { csvLine } from '../lib/csv';
import { dataAnswer, paced } from '../lib/pacedStream';
import type { DataQualityFinding } from './data-quality';

type Sort = Schema<'DataQualitySort'>;
type Summary = Schema<'DataQualitySummary'>;

/** What a client asks of the report: a search, filters and an order (the contract's parameters). */
export interface ReportQuery {
  q?: string;
  severity?: DataQualityFinding['severity'];
  kind?: DataQualityFinding['kind'];
  sort?: Sort;
}

/**
 * The data-quality findings of one state of the reference data, in the report's order, with what
 * serving them pages, searches and sorts needs: the counts, worked out once, and each order asked
 * for as positions into the findings. A large catalogue has hundreds of thousands of findings,
 * kept while the data stays as it is, so each order is an Int32Array of positions, not a copy.
 */
export class DataQualityReport {
  readonly summary: Summary;
  private readonly orders = new Map<Sort, Int32Array>();

  constructor(readonly findings: DataQualityFinding[]) {
    const summary: Summary = { total: findings.length, error: 0, warning: 0, info: 0 };
    for (const finding of findings) {
      summary[finding.severity] += 1;
      finding.message = flat(finding.message);
    }
    this.summary = summary;
  }

  /** The findings that match `query`, in its order: one page, and how many match in all. */
  page(query: ReportQuery, page: number, pageSize: number) {
    const from = (page - 1) * pageSize;
    const data: DataQualityFinding[] = [];
    let total = 0;
    for (const index of this.matches(query)) {
      if (total >= from && data.length < pageSize) data.push(this.findings[index]);
      total += 1;
    }
    return { data, meta: { total, page, page_size: pageSize } };
  }

  /**
   * Every finding that matches `query`, in its order, as CSV with a header row, produced as the
   * download reads it (a few hundred lines at a time).
   */
  csv(query: ReportQuery): Readable {
    const { findings } = this;
    const matches = this.matches(query);
    return paced(
      (function* lines() {
        yield csvLine(CSV_COLUMNS);
        let chunk = '';
        let lines = 0;
        for (const index of matches) {
          chunk += findingLine(findings[index]);
          if (++lines % CSV_LINES_PER_CHUNK === 0) {
            yield chunk;
            chunk = '';
          }
        }
        if (chunk !== '') yield chunk;
      })(),
    );
  }

  /**
   * The whole report as the JSON answer `{ "data": [...] }`, produced as the client reads it, a
   * few hundred findings at a time: `serialize` writes `{ data }` for some of them (the
   * contract's serializer), whose arrays are joined into one. Serialised at once, a large report
   * is one huge string, which held the server while it was made and its memory while it was sent.
   */
  json(serialize: (answer: { data: DataQualityFinding[] }) => string): Readable {
    const { findings } = this;
    return paced(
      dataAnswer(
        (function* parts() {
          for (let from = 0; from < findings.length; from += JSON_FINDINGS_PER_CHUNK) {
            yield findings.slice(from, from + JSON_FINDINGS_PER_CHUNK);
          }
        })(),
        serialize,
      ),
    );
  }

  /** The positions of the findings matching `query`, in its order. */
  private *matches({ q, severity, kind, sort }: ReportQuery): Generator<number> {
    const words = (q ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((word) => new RegExp(word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i'));
    const order = sort ? this.order(sort) : undefined;
    const { findings } = this;
    for (let i = 0; i < findings.length; i++) {
      const index = order ? order[i] : i;
      const finding = findings[index];
      if (severity && finding.severity !== severity) continue;
      if (kind && finding.kind !== kind) continue;
      if (!words.every((word) => word.test(finding.message))) continue;
      yield index;
    }
  }

  /** The positions of the findings in `sort`'s order; ties keep the report's order. */
  private order(sort: Sort): Int32Array {
    let order = this.orders.get(sort);
    if (order) return order;
    const direction = sort.startsWith('-') ? -1 : 1;
    const compare = this.comparator(sort.replace(/^-/, '') as Sort);
    order = Int32Array.from(this.findings, (_, index) => index).sort(
      (a, b) => direction * compare(a, b) || a - b,
    );
    this.orders.set(sort, order);
    return order;
  }

  private comparator(field: Sort): (a: number, b: number) => number {
    const { findings } = this;
    switch (field) {
      case 'message': {
        // Lower-cased once for the sort, not kept: the order is.
        const messages = findings.map((finding) => finding.message.toLowerCase());
        return (a, b) => byText(messages[a], messages[b]);
      }
      case 'record':
        return (a, b) =>
          byText(findings[a].entity, findings[b].entity) ||
          findings[a].entity_id - findings[b].entity_id;
      default:
        return (a, b) =>
          DATA_QUALITY_SEVERITIES.indexOf(findings[a].severity) -
          DATA_QUALITY_SEVERITIES.indexOf(findings[b].severity);
    }
  }
}

/** Texts in code-unit order (the messages are lower-cased first, so case does not count). */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The same text, stored in one piece: V8 keeps a string built from parts (the messages' template
 * literals) as a tree of those parts, larger than the text itself, until something reads it
 * whole; a slice of it is read whole once.
 */
function flat(text: string): string {
  return ` ${text}`.slice(1);
}

const CSV_COLUMNS = [
  'severity',
  'kind',
  'entity',
  'entity_id',
  'related_id',
  'medication_id',
  'message',
] as const;
const CSV_LINES_PER_CHUNK = 500;
const JSON_FINDINGS_PER_CHUNK = 500;

/** A finding as a CSV line (the one encoder's: a message a spreadsheet would run as a formula,
 * as one starting with a medication's name can be, is made inert). */
function findingLine(finding: DataQualityFinding): string {
  return csvLine(CSV_COLUMNS.map((column) => finding[column]));
}
