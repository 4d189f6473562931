import { PREFETCH, type PrefetchKey } from './discovery';
import { isObject, type Json } from './fhir';

/** How long one FHIR read may take: an EHR waits for the cards while a clinician signs. */
export const FHIR_TIMEOUT_MS = 3000;

export interface FhirAccess {
  fhirServer?: string;
  accessToken?: string;
  patientId: string;
}

export type Prefetched = { ok: true; value: Json | null } | { ok: false; why: string };

/** A prefetch template with the context filled in (the patient id is checked as a FHIR id). */
export function fillTemplate(key: PrefetchKey, patientId: string): string {
  return PREFETCH[key].replaceAll('{{context.patientId}}', encodeURIComponent(patientId));
}

/** Reads one query from the EHR's FHIR server with the access token it gave. */
export async function fetchFhir(access: FhirAccess, query: string): Promise<Prefetched> {
  if (!access.fhirServer) return { ok: false, why: 'not prefetched, and no fhirServer was given' };
  if (!access.accessToken)
    return { ok: false, why: 'not prefetched, and no fhirAuthorization was given' };
  const base = access.fhirServer.replace(/\/+$/, '');
  if (!/^https?:\/\//i.test(base)) return { ok: false, why: 'fhirServer is not an HTTP URL' };
  try {
    const response = await fetch(`${base}/${query}`, {
      headers: {
        accept: 'application/fhir+json',
        authorization: `Bearer ${access.accessToken}`,
      },
      redirect: 'error',
      signal: AbortSignal.timeout(FHIR_TIMEOUT_MS),
    });
    if (response.status === 404) return { ok: true, value: null };
    if (!response.ok) return { ok: false, why: `the FHIR server answered ${response.status}` };
    const value: unknown = await response.json();
    if (!isObject(value)) return { ok: false, why: 'the FHIR server answered no resource' };
    return { ok: true, value };
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    return {
      ok: false,
      why: timedOut
        ? `the FHIR server did not answer within ${FHIR_TIMEOUT_MS / 1000} s`
        : 'the FHIR server could not be reached',
    };
  }
}

/**
 * Every prefetch key's value: as the EHR sent it (null: the EHR has no such data), else read from
 * its FHIR server, all at once.
 */
export async function gatherPrefetch(
  sent: Record<string, Json | null> | undefined,
  access: FhirAccess,
): Promise<Record<PrefetchKey, Prefetched>> {
  const keys = Object.keys(PREFETCH) as PrefetchKey[];
  const values = await Promise.all(
    keys.map((key): Promise<Prefetched> | Prefetched =>
      sent && Object.hasOwn(sent, key)
        ? { ok: true, value: sent[key] }
        : fetchFhir(access, fillTemplate(key, access.patientId)),
    ),
  );
  return Object.fromEntries(keys.map((key, i) => [key, values[i]])) as Record<
    PrefetchKey,
    Prefetched
  >;
}
