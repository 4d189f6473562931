import type { Queryable } from '../db/pool';
import type { Schema } from '../contract';
import type { FiredCard } from './cards';

/** The cards answered, the feedback on them and the Alerts per rule: SQL of migration 032. */

export async function storeCards(
  db: Queryable,
  call: { clientId: number; hook: string; hookInstance: string; release: number | null },
  cards: FiredCard[],
): Promise<void> {
  if (cards.length === 0) return;
  await db.query(
    `INSERT INTO cds_cards (uuid, client_id, hook, hook_instance, rule_kind, record_id,
                            medication_id, rule_label, severity, indicator, summary, release)
     SELECT c.uuid, $1, $2, $3, c.kind, c.record_id, c.medication_id, c.label, c.severity,
            c.indicator, c.summary, $4
       FROM unnest($5::uuid[], $6::text[], $7::int[], $8::int[], $9::text[], $10::text[],
                   $11::text[], $12::text[])
         AS c(uuid, kind, record_id, medication_id, label, severity, indicator, summary)`,
    [
      call.clientId,
      call.hook,
      call.hookInstance,
      call.release,
      cards.map((c) => c.card.uuid),
      cards.map((c) => c.rule.kind),
      cards.map((c) => c.rule.recordId),
      cards.map((c) => c.rule.medicationId),
      cards.map((c) => c.label),
      cards.map((c) => c.severity),
      cards.map((c) => c.card.indicator),
      cards.map((c) => c.card.summary),
    ],
  );
}

type Feedback = Schema<'CdsFeedbackRequest'>['feedback'][number];

/**
 * Stores feedback on cards this client was sent, all or nothing: the uuids it was not sent (none
 * stored then).
 */
export async function storeFeedback(
  db: Queryable,
  clientId: number,
  feedback: Feedback[],
): Promise<{ unknown: string[] }> {
  const { rows } = await db.query<{ unknown: string[] }>(
    `WITH given AS (
       SELECT * FROM unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
                            $8::timestamptz[])
         AS g(card, outcome, code, system, display, comment, at)
     ), unknown AS (
       SELECT coalesce(array_agg(g.card::text), '{}') AS unknown FROM given g
        WHERE NOT EXISTS (SELECT 1 FROM cds_cards c WHERE c.uuid = g.card AND c.client_id = $1)
     ), stored AS (
       INSERT INTO cds_feedback (card_uuid, client_id, outcome, override_code, override_system,
                                 override_display, override_comment, outcome_at)
       SELECT g.card, $1, g.outcome, g.code, g.system, g.display, g.comment, g.at
         FROM given g WHERE (SELECT cardinality(unknown) FROM unknown) = 0
     )
     SELECT unknown FROM unknown`,
    [
      clientId,
      feedback.map((f) => f.card),
      feedback.map((f) => f.outcome),
      feedback.map((f) => f.overrideReason?.reason?.code ?? null),
      feedback.map((f) => f.overrideReason?.reason?.system ?? null),
      feedback.map((f) => f.overrideReason?.reason?.display ?? null),
      feedback.map((f) => f.overrideReason?.userComment ?? null),
      feedback.map((f) => f.outcomeTimestamp),
    ],
  );
  return rows[0];
}

/**
 * Per rule: the cards fired, and of them how many were last accepted or overridden (a card's
 * latest feedback counts), with the three override reasons given most.
 */
export async function alerts(db: Queryable): Promise<Schema<'CdsAlertRule'>[]> {
  const { rows } = await db.query<Schema<'CdsAlertRule'>>(
    `WITH outcome AS (
       SELECT DISTINCT ON (card_uuid) card_uuid, outcome, override_code, override_display
         FROM cds_feedback ORDER BY card_uuid, outcome_at DESC, id DESC
     ), cards AS (
       SELECT c.*, o.outcome, o.override_code, o.override_display
         FROM cds_cards c LEFT JOIN outcome o ON o.card_uuid = c.uuid
     )
     SELECT rule_kind, record_id,
            (array_agg(medication_id ORDER BY created_at DESC))[1] AS medication_id,
            (array_agg(rule_label ORDER BY created_at DESC))[1] AS label,
            count(*)::int AS fired,
            count(*) FILTER (WHERE outcome = 'accepted')::int AS accepted,
            count(*) FILTER (WHERE outcome = 'overridden')::int AS overridden,
            coalesce((
              SELECT json_agg(json_build_object('code', r.code, 'display', r.display,
                                                'count', r.n) ORDER BY r.n DESC, r.display)
                FROM (SELECT override_code AS code,
                             coalesce(min(override_display), override_code, 'No reason given')
                               AS display,
                             count(*)::int AS n
                        FROM cards r
                       WHERE r.rule_kind = g.rule_kind
                         AND r.record_id IS NOT DISTINCT FROM g.record_id
                         AND r.outcome = 'overridden'
                       GROUP BY override_code ORDER BY n DESC, display LIMIT 3) r
            ), '[]') AS override_reasons
       FROM cards g
      GROUP BY rule_kind, record_id
      ORDER BY fired DESC, label`,
  );
  return rows;
}
