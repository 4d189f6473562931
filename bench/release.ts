import { loadavg } from 'node:os';
import pg from 'pg';
import { callApi, createAccount, signIn } from '../e2e/support/harness';
import { dataQualityFindings } from '../server/domain/data-quality';
import { loadDataQuality } from '../server/repositories/data-quality';
import { runnableTests } from '../server/repositories/test-prescriptions';
import { readiness } from '../server/releases/publish';
import { pendingChanges } from '../server/releases/review';
import { insertRelease, lockDraft } from '../server/repositories/releases';
import { readDraft, readRelease } from '../server/releases/scope';
import { evaluateTests } from '../server/test-prescriptions/suite';
import { SCALE } from './scale/data';
import { startScaleServer, type ScaleServer } from './scale/setup';
import {
  CONNECTIONS,
  runScenario,
  SCENARIOS,
  SECONDS,
  WARM_SECONDS,
  WARM_UP_FIRST_REQUEST,
  type Scenario,
} from './scale';
import { reportSummary, type SummaryRow } from './summary';

/**
 * `npm run bench:release`: releases at bench:scale's scale, on its server and data
 * (bench/scale/setup.ts: 1,000,000 interactions, 100,000 medications, loaded by SQL into the
 * draft after release 1, which is empty):
 * 1. publishing: the loaded data is published once (timed, without a target; see
 *    `publishLoadedData`), then RELEASES (BENCH_RELEASES, default 50) releases of CHANGES changes
 *    each: interactions' severity and description changed through PUT /drug-interaction by one
 *    editor, each change approved through POST /review/approve by a second editor, then POST
 *    /release by an administrator (each release is checked to hold every change). Target: the
 *    slowest publication under 10 s (the median beside it). Every READINESS_EVERY rounds (and in
 *    the last), before publishing, GET /release/readiness (the checks a publication makes before
 *    it versions anything) is timed, and so is each of those checks alone, in this process on a
 *    connection of its own: how a publication's time splits.
 * 2. storage: the database's size (pg_database_size after VACUUM) before and after those
 *    releases, and schema release_rows' alone. Target: the database grows by less than 5%.
 * 3. reads: READ_SCENARIOS of bench:scale's list pages at its 50 connections, each on the draft and
 *    with `release=latest`, one after the other, in two rounds (the second in the other order);
 *    the better p99 of each. Target: latest's p99 at most 10% over the draft's, in every scenario.
 *    Beside it the CPU time per request; the summary gives the server's (Node's), since
 *    PostgreSQL's counts the backends alive at the end of a run, and one that ended during it
 *    (an autovacuum worker) takes its time away.
 * 4. compare: a release that changes COMPARE_CHANGES interactions (an SQL update, then POST
 *    /release), and GET /release/compare between it and the release before, COMPARE_RUNS times.
 *    Target: every answer under 2 s.
 * One summary of every target; exits 1 when one is missed.
 */
const RELEASES = Number(process.env.BENCH_RELEASES ?? 50);
const CHANGES = 100;
/** Clients writing (or approving) at once, as several people at work would. */
const WRITERS = 4;
const READINESS_EVERY = 10;
const COMPARE_CHANGES = 10_000;
const COMPARE_RUNS = 5;
const TARGET_PUBLISH_S = 10;
const TARGET_GROWTH = 0.05;
const TARGET_READ_RATIO = 1.1;
const TARGET_COMPARE_MS = 2_000;

/** Of bench:scale's scenarios: plain pages, one medication's interactions, a picker's search. */
const READ_SCENARIOS = [
  'interactions, pages 1 to 40',
  'interactions of one medication, by interacting medication',
  'medications, pages 1 to 40 by -created_at',
  'medication picker (q, page_size=20)',
].map((name) => {
  const found = SCENARIOS.find((scenario) => scenario.name === name);
  if (!found) throw new Error(`bench:scale has no scenario '${name}'`);
  return found;
});

const SEVERITIES = ['minor', 'moderate', 'major', 'contraindicated'] as const;
/** A prime that divides no count of interactions here: a stride that visits each id once. */
const STRIDE = 104_729;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};
const seconds = (ms: number) => (ms / 1000).toFixed(2);
const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(1);

/** Runs `work` on every item, `width` at a time. */
async function inParallel<T>(items: T[], width: number, work: (item: T) => Promise<unknown>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: width }, worker));
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const started = performance.now();
  const result = await work();
  return { ms: performance.now() - started, result };
}

interface Release {
  number: number;
}

interface ReleaseCount {
  entity: string;
  added: number;
  changed: number;
  removed: number;
}

/** POST /release as the administrator: the new release and the milliseconds it took. */
async function publish(server: ScaleServer, title: string) {
  const { ms, result } = await timed(() =>
    callApi<{ data: Release }>(server.baseUrl, '/release', {
      method: 'POST',
      token: server.token,
      body: JSON.stringify({ title }),
    }),
  );
  return { ms, number: result.data.number };
}

/**
 * Publishes the loaded data through POST /release. When that answers 503 (a statement stopped by
 * the server's statement timeout: versioning a million rows takes longer), the same publication
 * (its checks, then the versioning, in one transaction) runs in this process on a connection
 * without the server's timeouts, so that the rest can be measured; both are reported.
 */
async function publishLoadedData(server: ScaleServer, sql: pg.Pool) {
  const api = await timed(() =>
    fetch(`${server.baseUrl}/api/v1/release`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'The scale data' }),
    }),
  );
  const answer = (await api.result.json()) as { data?: Release; message?: string };
  if (api.result.status === 201 && answer.data) {
    return { apiStatus: 201, apiMs: api.ms, ms: api.ms, number: answer.data.number };
  }
  if (api.result.status !== 503) {
    throw new Error(`POST /release: ${api.result.status} ${JSON.stringify(answer)}`);
  }
  const tx = await sql.connect();
  try {
    const { ms, result } = await timed(async () => {
      await tx.query('BEGIN');
      await lockDraft(tx);
      const { blockers } = await readiness(tx);
      if (blockers.length > 0) throw new Error(`blocked: ${JSON.stringify(blockers)}`);
      const release = await insertRelease(tx, {
        title: 'The scale data',
        notes: '',
        effectiveAt: null,
        publishedBy: null,
        publishedByName: 'bench:release',
      });
      await tx.query('COMMIT');
      return release;
    });
    return { apiStatus: 503, apiMs: api.ms, ms, number: result.number };
  } catch (error) {
    await tx.query('ROLLBACK');
    throw error;
  } finally {
    tx.release();
  }
}

/** The database's size and schema release_rows' (tables, indexes, TOAST), after a VACUUM. */
async function sizes(sql: pg.Pool) {
  await sql.query('VACUUM (ANALYZE)');
  const { rows } = await sql.query<{ database: string; versions: string; rows: number }>(
    `SELECT pg_database_size(current_database()) AS database,
            (SELECT sum(pg_total_relation_size(c.oid)) FROM pg_class c
              WHERE c.relnamespace = 'release_rows'::regnamespace AND c.relkind = 'r') AS versions,
            (SELECT count(*)::int FROM release_rows.drug_interactions) AS rows`,
  );
  return {
    database: Number(rows[0].database),
    versions: Number(rows[0].versions),
    interactionVersions: rows[0].rows,
  };
}

/**
 * The checks a publication makes before it versions anything (server/releases/publish.ts,
 * `readiness`), each timed alone in one read-only transaction: the pending changes and their
 * reviews, the test prescriptions on the draft, the data-quality report on the draft and on
 * release `latest`.
 */
async function timeChecks(sql: pg.Pool, latest: number) {
  const tx = await sql.connect();
  try {
    await tx.query('BEGIN READ ONLY');
    const pending = await timed(() => pendingChanges(tx));
    const tests = await timed(async () => evaluateTests(tx, await runnableTests(tx)));
    const errors = async () =>
      dataQualityFindings(await loadDataQuality(tx)).filter((f) => f.severity === 'error').length;
    const draft = await timed(errors);
    await readRelease(tx, latest);
    const release = await timed(errors);
    await readDraft(tx);
    return {
      'pending changes ms': Math.round(pending.ms),
      'test prescriptions ms': Math.round(tests.ms),
      tests: tests.result.runs.length,
      'data quality, draft ms': Math.round(draft.ms),
      'data quality, latest release ms': Math.round(release.ms),
      'errors (draft / latest)': `${draft.result} / ${release.result}`,
    };
  } finally {
    await tx.query('ROLLBACK');
    tx.release();
  }
}

/** The ids of the interactions, which the load numbered from its first id on. */
async function interactionIds(sql: pg.Pool) {
  const { rows } = await sql.query<{ first: number; count: number }>(
    'SELECT min(id) AS first, count(*)::int AS count FROM drug_interactions',
  );
  return rows[0];
}

/** RELEASES releases of CHANGES reviewed changes each, made, approved and published through the API. */
async function measurePublishing(server: ScaleServer, sql: pg.Pool) {
  const editor = await signIn(server.baseUrl, await createAccount(server.baseUrl, 'editor', 'Ed'));
  const reviewer = await signIn(
    server.baseUrl,
    await createAccount(server.baseUrl, 'editor', 'Rita Reviewer'),
  );
  const { first, count } = await interactionIds(sql);
  const rounds = [];
  const checks = [];
  const readinessMs: number[] = [];
  const publishMs: number[] = [];
  for (let round = 1; round <= RELEASES; round++) {
    const ids = Array.from(
      { length: CHANGES },
      (_, k) => first + ((((round - 1) * CHANGES + k) * STRIDE) % count),
    );
    const writes = await timed(() =>
      inParallel(ids, WRITERS, (id) =>
        callApi(server.baseUrl, '/drug-interaction', {
          method: 'PUT',
          token: editor,
          body: JSON.stringify({
            id,
            severity: SEVERITIES[(round + id) % SEVERITIES.length],
            description: `Reviewed in round ${round}: may increase serum levels.`,
            reason: `Release bench, round ${round}`,
          }),
        }),
      ),
    );
    const { data: pending } = await callApi<{ data: { review: unknown }[] }>(
      server.baseUrl,
      '/review',
      { token: reviewer },
    );
    if (pending.length !== CHANGES || pending.some((change) => change.review !== null)) {
      throw new Error(
        `round ${round}: ${pending.length} pending changes, not ${CHANGES} unreviewed`,
      );
    }
    const approvals = await timed(() =>
      inParallel(ids, WRITERS, (id) =>
        callApi(server.baseUrl, '/review/approve', {
          method: 'POST',
          token: reviewer,
          body: JSON.stringify({ entity: 'drug_interaction', entity_id: id }),
        }),
      ),
    );
    let readiness: number | undefined;
    if (round % READINESS_EVERY === 0 || round === RELEASES) {
      readiness = (
        await timed(() => callApi(server.baseUrl, '/release/readiness', { token: server.token }))
      ).ms;
      readinessMs.push(readiness);
      const { rows } = await sql.query<{ number: number }>(
        'SELECT max(number) AS number FROM releases',
      );
      checks.push({ round, ...(await timeChecks(sql, rows[0].number)) });
    }
    const published = await publish(server, `Bench release, round ${round}`);
    publishMs.push(published.ms);
    // Each change is in the release: one interaction's version closed and another opened.
    const { data: release } = await callApi<{ data: { counts: ReleaseCount[] } }>(
      server.baseUrl,
      `/release/${published.number}`,
      { token: server.token },
    );
    const counted = release.counts.find((count) => count.entity === 'drug_interactions');
    if (release.counts.length !== 1 || counted?.changed !== CHANGES) {
      throw new Error(`release ${published.number} counts ${JSON.stringify(release.counts)}`);
    }
    rounds.push({
      round,
      release: published.number,
      'writes s': Number(seconds(writes.ms)),
      'approvals s': Number(seconds(approvals.ms)),
      'readiness s': readiness === undefined ? '' : Number(seconds(readiness)),
      'publish s': Number(seconds(published.ms)),
    });
    console.log(
      `round ${round}: release ${published.number} published in ${seconds(published.ms)} s ` +
        `(writes ${seconds(writes.ms)} s, approvals ${seconds(approvals.ms)} s)`,
    );
  }
  console.log(`\n${RELEASES} releases of ${CHANGES} reviewed changes each:`);
  console.table(rounds);
  console.log('\nThe checks a publication makes, each alone (in process):');
  console.table(checks);
  return { publishMs, readinessMs };
}

/** A scenario's requests with `release` in their query (every scenario's path has one). */
const inRelease = (scenario: Scenario, release: string): Scenario => ({
  name: `${scenario.name}, release=${release}`,
  path: (n) => `${scenario.path(n)}&release=${release}`,
});

/** Checks that each state answers as itself, with every interaction. */
async function checkStates(server: ScaleServer, latest: number) {
  for (const [release, expected] of [
    ['draft', 'draft'],
    ['latest', String(latest)],
  ]) {
    const response = await fetch(
      `${server.baseUrl}/api/v1/drug-interaction?page=1&page_size=1&release=${release}`,
      { headers: { authorization: `Bearer ${server.token}` } },
    );
    const body = (await response.json()) as { meta?: { total: number } };
    const total = SCALE.medications * SCALE.interactionsPerMedication;
    if (response.headers.get('x-release') !== expected || body.meta?.total !== total) {
      throw new Error(
        `release=${release}: X-Release ${response.headers.get('x-release')}, ${body.meta?.total} interactions`,
      );
    }
  }
}

/** Each read scenario on the draft and on the latest release, alternately, twice. */
async function measureReads(server: ScaleServer, latest: number) {
  await checkStates(server, latest);
  type Run = Awaited<ReturnType<typeof runScenario>>;
  const runs = new Map<string, { draft: Run[]; latest: Run[] }>();
  for (const round of [1, 2]) {
    for (const scenario of READ_SCENARIOS) {
      const order = round === 1 ? (['draft', 'latest'] as const) : (['latest', 'draft'] as const);
      for (const state of order) {
        const asked = inRelease(scenario, state);
        await runScenario(server, asked, WARM_SECONDS, WARM_UP_FIRST_REQUEST);
        const run = await runScenario(server, asked, SECONDS);
        const entry = runs.get(scenario.name) ?? { draft: [], latest: [] };
        entry[state].push(run);
        runs.set(scenario.name, entry);
      }
    }
  }
  const best = (list: Run[]) => list.reduce((a, b) => (b['p99 ms'] < a['p99 ms'] ? b : a));
  const rows = [...runs].map(([scenario, { draft, latest: released }]) => {
    const [d, l] = [best(draft), best(released)];
    return {
      scenario,
      'draft p99 ms': `${draft.map((r) => r['p99 ms']).join(', ')} → ${d['p99 ms']}`,
      'latest p99 ms': `${released.map((r) => r['p99 ms']).join(', ')} → ${l['p99 ms']}`,
      'p99 ratio': Number((l['p99 ms'] / d['p99 ms']).toFixed(2)),
      'server CPU ms/req (draft / latest)': `${d['server CPU ms/req']} / ${l['server CPU ms/req']}`,
      'PostgreSQL CPU ms/req (draft / latest)': `${d['PostgreSQL CPU ms/req']} / ${l['PostgreSQL CPU ms/req']}`,
      'server CPU ratio': Number((l['server CPU ms/req'] / d['server CPU ms/req']).toFixed(2)),
      'non-200': [...draft, ...released].reduce((sum, run) => sum + run['non-200'], 0),
    };
  });
  console.log(
    `\nList pages at ${CONNECTIONS} connections, draft against release=latest (${latest}), ` +
      `${SECONDS} s each, two rounds, ` +
      `better p99 of each (load average ${loadavg()[0].toFixed(1)}):`,
  );
  console.table(rows);
  return rows;
}

/** A release of COMPARE_CHANGES changed interactions, and compare between it and the one before. */
async function measureCompare(server: ScaleServer, sql: pg.Pool, before: number) {
  const { first, count } = await interactionIds(sql);
  const every = Math.floor(count / COMPARE_CHANGES);
  const { rowCount } = await sql.query(
    `UPDATE drug_interactions
        SET severity = (ARRAY['minor', 'moderate', 'major', 'contraindicated'])[1 + (id + 1) % 4],
            description = 'Revised for the compare bench: ' || description
      WHERE (id - $1) % $2 = 0 AND id - $1 < $2 * $3`,
    [first, every, COMPARE_CHANGES],
  );
  const published = await publish(server, `${rowCount} interactions revised`);
  const answers = [];
  for (let run = 0; run < COMPARE_RUNS; run++) {
    const { ms, result } = await timed(() =>
      callApi<{ data: { entities: { entity: string; changed: unknown[] }[] } }>(
        server.baseUrl,
        `/release/compare?from=${before}&to=${published.number}`,
        { token: server.token },
      ),
    );
    const changed = result.data.entities.reduce((sum, entity) => sum + entity.changed.length, 0);
    answers.push({ ms: Math.round(ms), changed });
  }
  console.log(
    `\n${rowCount} interactions changed by SQL, published as release ${published.number} in ` +
      `${seconds(published.ms)} s; GET /release/compare?from=${before}&to=${published.number}:`,
  );
  console.table(answers);
  return { publishMs: published.ms, answers, changed: rowCount ?? 0 };
}

async function main() {
  console.log('Starting the server and loading the data (a few minutes)...');
  const server = await startScaleServer();
  const sql = new pg.Pool({ connectionString: server.adminUrl, max: 2 });
  try {
    console.log(`Loaded in ${server.loadSeconds.toFixed(0)} s.`);
    const { rows: noted } = await sql.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM draft_changes',
    );
    const firstRelease = await publishLoadedData(server, sql);
    console.log(
      firstRelease.apiStatus === 201
        ? `Release ${firstRelease.number}: the loaded data (${noted[0].n} records) published in ${seconds(firstRelease.ms)} s.`
        : `POST /release of the loaded data (${noted[0].n} records) answered 503 after ${seconds(firstRelease.apiMs)} s; ` +
            `published in process instead as release ${firstRelease.number} in ${seconds(firstRelease.ms)} s.`,
    );
    const before = await sizes(sql);
    const load = loadavg()[0];
    const { publishMs, readinessMs } = await measurePublishing(server, sql);
    const after = await sizes(sql);
    const growth = after.database / before.database - 1;
    console.log(
      `\nDatabase ${mb(before.database)} → ${mb(after.database)} MB (${(growth * 100).toFixed(2)}%), ` +
        `release_rows ${mb(before.versions)} → ${mb(after.versions)} MB (interactions' versions ` +
        `${before.interactionVersions} → ${after.interactionVersions}); ` +
        `load average ${load.toFixed(1)} at the start of the releases, ${loadavg()[0].toFixed(1)} at the end.`,
    );
    const latest = firstRelease.number + RELEASES;
    const reads = await measureReads(server, latest);
    const compare = await measureCompare(server, sql, latest);

    const worstRead = reads.reduce((a, b) => (b['p99 ratio'] > a['p99 ratio'] ? b : a));
    const slowestCompare = Math.max(...compare.answers.map((answer) => answer.ms));
    const summary: SummaryRow[] = [
      {
        measure: `publish the loaded scale data (${noted[0].n} records)`,
        value:
          firstRelease.apiStatus === 201
            ? `${seconds(firstRelease.ms)} s`
            : `POST /release: 503 after ${seconds(firstRelease.apiMs)} s; in process: ${seconds(firstRelease.ms)} s`,
        target: '',
        met: null,
      },
      {
        measure: `publish ${RELEASES} releases of ${CHANGES} reviewed changes: median / max`,
        value: `${seconds(median(publishMs))} / ${seconds(Math.max(...publishMs))} s`,
        target: `max < ${TARGET_PUBLISH_S} s`,
        met: Math.max(...publishMs) < TARGET_PUBLISH_S * 1000,
      },
      {
        measure: `GET /release/readiness (every ${READINESS_EVERY}th round): median / max`,
        value: `${seconds(median(readinessMs))} / ${seconds(Math.max(...readinessMs))} s`,
        target: '',
        met: null,
      },
      {
        measure: `database size after ${RELEASES} releases of ${CHANGES} changes (after VACUUM)`,
        value: `+${(growth * 100).toFixed(2)}% (${mb(before.database)} → ${mb(after.database)} MB)`,
        target: `< ${TARGET_GROWTH * 100}%`,
        met: growth < TARGET_GROWTH,
      },
      {
        measure: 'schema release_rows, before / after',
        value:
          `${mb(before.versions)} → ${mb(after.versions)} MB (interactions' versions ` +
          `${before.interactionVersions} → ${after.interactionVersions})`,
        target: '',
        met: null,
      },
      {
        measure: `list page p99, release=latest / draft (worst of ${reads.length}: ${worstRead.scenario})`,
        value: `${worstRead['p99 ratio']} (${reads.map((r) => r['p99 ratio']).join(', ')})`,
        target: `<= ${TARGET_READ_RATIO}`,
        met: reads.every((r) => r['p99 ratio'] <= TARGET_READ_RATIO && r['non-200'] === 0),
      },
      {
        measure: 'server (Node) CPU per list page request, release=latest / draft',
        value: reads.map((r) => r['server CPU ratio']).join(', '),
        target: '',
        met: null,
      },
      {
        measure: `publish ${compare.changed} interactions changed by SQL`,
        value: `${seconds(compare.publishMs)} s`,
        target: '',
        met: null,
      },
      {
        measure: `GET /release/compare, releases ${compare.changed} changes apart (slowest of ${COMPARE_RUNS})`,
        value: `${slowestCompare} ms (median ${median(compare.answers.map((a) => a.ms))} ms)`,
        target: `< ${TARGET_COMPARE_MS} ms`,
        met:
          slowestCompare < TARGET_COMPARE_MS &&
          compare.answers.every((answer) => answer.changed === COMPARE_CHANGES),
      },
    ];
    console.table(summary);
    reportSummary('release', summary);
    if (summary.some((row) => row.met === false)) process.exitCode = 1;
  } finally {
    await sql.end();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
