import type { ImportEntity } from '@/api';
import { IMPORT_ENTITIES } from '@contract/enums';

/** An importable entity as the console shows it: its name, its import page and its list screen. */
export interface ImportTarget {
  /** The records' name, e.g. 'Drug Interactions' (the import page is 'Import Drug Interactions'). */
  label: string;
  /** The list screen whose Import button leads to the page, and to which the page links back. */
  listPath: string;
  /** The list screen's name, when it lists other records (renal rules: 'Medications'). */
  listLabel?: string;
  /**
   * The import page, when it is not the list's own `<listPath>/import` (the list has another
   * entity's import there).
   */
  path?: string;
}

/**
 * Every entity of the contract's `ImportEntity`, with its list screen: a new entity in the
 * contract fails the type check here until it has its screen. The import page's one route,
 * `/dashboard/drugs/:list/import` (src/app/routes.ts), serves them all.
 */
export const IMPORT_TARGETS: Readonly<Record<ImportEntity, ImportTarget>> = {
  conditions: { label: 'Conditions', listPath: '/dashboard/drugs/conditions' },
  lifestyles: { label: 'Lifestyles', listPath: '/dashboard/drugs/lifestyles' },
  'drug-interactions': { label: 'Drug Interactions', listPath: '/dashboard/drugs/interactions' },
  ingredients: { label: 'Ingredients', listPath: '/dashboard/drugs/ingredients' },
  'drug-classes': { label: 'Drug Classes', listPath: '/dashboard/drugs/classes' },
  medications: { label: 'Medications', listPath: '/dashboard/drugs/medications' },
  'age-categories': { label: 'Age Categories', listPath: '/dashboard/drugs/age-categories' },
  'weight-categories': {
    label: 'Weight Categories',
    listPath: '/dashboard/drugs/weight-categories',
  },
  'renal-categories': { label: 'Renal Categories', listPath: '/dashboard/drugs/renal-categories' },
  // Renal rules are shown with their medication, on its page: no list of their own.
  'renal-rules': {
    label: 'Renal Rules',
    listPath: '/dashboard/drugs/medications',
    listLabel: 'Medications',
    path: '/dashboard/drugs/renal-rules/import',
  },
  'class-rules': { label: 'Class Rules', listPath: '/dashboard/drugs/class-rules' },
};

/** The import page of an entity, e.g. '/dashboard/drugs/conditions/import'. */
export const importPath = (entity: ImportEntity) =>
  IMPORT_TARGETS[entity].path ?? `${IMPORT_TARGETS[entity].listPath}/import`;

/** A list screen's button to an entity's import page: 'Import', or another label given. */
export const importLink = (entity: ImportEntity, label = 'Import') => ({
  label,
  path: importPath(entity),
});

/** The entity whose import page is at `path`, or undefined when no import is there. */
export function importEntityAt(path: string): ImportEntity | undefined {
  return IMPORT_ENTITIES.find((entity) => importPath(entity) === path);
}
