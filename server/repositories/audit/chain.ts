import type pg from 'pg';

/**
 * The history's hash chain (migration 028), checked: every stored entry has one link, the links
 * follow each other from position 1 without a gap, each holds the hash of the one before it (32
 * zero bytes before the first), and each hash is sha256 of that previous hash followed by its
 * entry's canonical text as the entry is stored now. An entry changed, removed or slipped in
 * anywhere but at the end breaks it there.
 */

/** The hash before the first link. */
const GENESIS = Buffer.alloc(32).toString('hex');

/**
 * An entry's canonical text over alias `e`, as migration 028's audit_entry_text computes it when
 * linking the entry. Written out here rather than calling that function, so that the check takes
 * nothing from the database it checks but the stored rows.
 */
export const ENTRY_TEXT = `jsonb_build_array(e.id,
  to_char(e.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), e.actor_id,
  e.actor_snapshot_id, e.actor_name, e.action, e.effect, e.entity, e.entity_id, e.label, e.changes,
  e.reason, e.reverts)::text`;

/** The first thing found wrong, in chain order. */
export interface ChainBreak {
  /** The link's position, or null for an entry that has no link. */
  position: number | null;
  entryId: number;
  problem: 'entry missing' | 'position' | 'previous hash' | 'hash' | 'not linked';
  /** What the link should hold and what it holds (hashes in hex; a position as a number). */
  expected: string | null;
  stored: string | null;
}

export interface ChainReport {
  /** Links checked: one per stored entry when the chain is whole. */
  links: number;
  /** The last link: note its hash, and a later check shows that nothing before it was rewritten. */
  head: { position: number; hash: string } | null;
  /** Entries of one-statement writes still in the inbox: linked as they move (within a second). */
  inInbox: number;
  broken?: ChainBreak;
}

/** Checks the chain in one snapshot of `client`'s database (which must be in no transaction). */
export async function verifyChain(client: pg.ClientBase): Promise<ChainReport> {
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    const { rows: links } = await client.query<{
      position: string;
      entry_id: number;
      missing: boolean;
      expected_position: string;
      expected_prev: string;
      prev: string;
      expected: string | null;
      stored: string;
    }>(
      `SELECT l.position::text, l.entry_id, e.id IS NULL AS missing,
              l.expected_position::text, encode(l.expected_prev, 'hex') AS expected_prev,
              encode(l.prev_hash, 'hex') AS prev, encode(l.hash, 'hex') AS stored,
              encode(sha256(l.prev_hash || convert_to(${ENTRY_TEXT}, 'UTF8')), 'hex') AS expected
         FROM (SELECT c.*, row_number() OVER w AS expected_position,
                      coalesce(lag(c.hash) OVER w, decode($1, 'hex')) AS expected_prev
                 FROM audit_chain c WINDOW w AS (ORDER BY c.position)) l
         LEFT JOIN audit_entries e ON e.id = l.entry_id
        WHERE e.id IS NULL OR l.position <> l.expected_position
           OR l.prev_hash <> l.expected_prev
           OR l.hash <> sha256(l.prev_hash || convert_to(${ENTRY_TEXT}, 'UTF8'))
        ORDER BY l.position LIMIT 1`,
      [GENESIS],
    );
    const { rows: unlinked } = await client.query<{ id: number }>(
      `SELECT e.id FROM audit_entries e
        WHERE NOT EXISTS (SELECT 1 FROM audit_chain c WHERE c.entry_id = e.id)
        ORDER BY e.id LIMIT 1`,
    );
    const { rows: counts } = await client.query<{
      links: number;
      position: string | null;
      hash: string | null;
      in_inbox: number;
    }>(
      `SELECT (SELECT count(*)::int FROM audit_chain) AS links,
              (SELECT count(*)::int FROM audit_inbox) AS in_inbox, h.position::text,
              encode(h.hash, 'hex') AS hash
         FROM (SELECT 1) one
         LEFT JOIN (SELECT position, hash FROM audit_chain ORDER BY position DESC LIMIT 1) h ON true`,
    );
    const { links: count, position, hash, in_inbox: inInbox } = counts[0];
    const report: ChainReport = {
      links: count,
      head: position === null || hash === null ? null : { position: Number(position), hash },
      inInbox,
    };
    const link = links[0];
    if (link) {
      const at = { position: Number(link.position), entryId: link.entry_id };
      if (link.missing)
        report.broken = { ...at, problem: 'entry missing', expected: null, stored: null };
      else if (link.position !== link.expected_position)
        report.broken = {
          ...at,
          problem: 'position',
          expected: link.expected_position,
          stored: link.position,
        };
      else if (link.prev !== link.expected_prev)
        report.broken = {
          ...at,
          problem: 'previous hash',
          expected: link.expected_prev,
          stored: link.prev,
        };
      else report.broken = { ...at, problem: 'hash', expected: link.expected, stored: link.stored };
    } else if (unlinked[0]) {
      report.broken = {
        position: null,
        entryId: unlinked[0].id,
        problem: 'not linked',
        expected: null,
        stored: null,
      };
    }
    return report;
  } finally {
    await client.query('ROLLBACK');
  }
}

/** The report as lines for a person: the first says OK or names the first broken link. */
export function describeChain(report: ChainReport): string[] {
  const { broken, head } = report;
  const inbox = report.inInbox
    ? [`${report.inInbox} newer entries are in the inbox: they are linked as they move.`]
    : [];
  if (!broken)
    return [
      `OK: the history's hash chain holds ${report.links} entries, none changed, removed or inserted.`,
      head
        ? `Its head: position ${head.position}, hash ${head.hash} (note it: a later check that finds it unchanged shows nothing before it was rewritten).`
        : 'The history is empty.',
      ...inbox,
    ];
  const where =
    broken.position === null
      ? `entry #${broken.entryId}`
      : `entry #${broken.entryId} at position ${broken.position}`;
  const detail = {
    'entry missing': `the link names entry #${broken.entryId}, which is no longer stored`,
    position: `the link's position is ${broken.stored}, expected ${broken.expected}`,
    'previous hash': `the link's previous hash is ${broken.stored}, expected ${broken.expected} (the hash of the link before it)`,
    hash: `the entry as stored hashes to ${broken.expected}, but its link holds ${broken.stored}: the entry (or its link) was changed after it was written`,
    'not linked': 'the entry has no link: it was stored without passing through the chain',
  }[broken.problem];
  return [`BROKEN at ${where}: ${detail}.`, `Checked ${report.links} links.`, ...inbox];
}
