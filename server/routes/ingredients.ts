import type { FastifyInstance } from 'fastify';
import { audited, auditedStatement } from '../audit/record';
import { conflict, invalid, notFound } from '../errors';
import { listCache } from '../lib/listCache';
import { deleteUnlessUsed, stillUsed } from '../lib/usage';
import * as ingredients from '../repositories/ingredients';
import { missingIds } from '../repositories/medications';
import { checkedCodes, uniqueCodes } from './codes';
import { defineRoute } from './define';
import { defineListRoute } from './lists';
import { uniqueName } from './namedRecords';

/** Ingredients, their strengths in medications, and their daily limits. */
export default async function ingredientRoutes(app: FastifyInstance) {
  const { db } = app;
  const cached = listCache(app);

  async function loaded(id: number) {
    const row = await ingredients.getIngredient(db, id);
    if (!row) throw notFound('Ingredient');
    return row;
  }

  const NOUNS = {
    medications: 'medication',
    ingredients: 'ingredient',
    age_categories: 'age category',
    weight_categories: 'weight category',
  } as const;
  /** A 422 naming each id of the body that names nothing. */
  async function known(ids: { field: string; table: keyof typeof NOUNS; id: number }[]) {
    const errors: Record<string, string[]> = {};
    for (const { field, table, id } of ids) {
      if ((await missingIds(db, table, [id])).length)
        errors[field] = [`No such ${NOUNS[table]}: ${id}`];
    }
    if (Object.keys(errors).length) throw invalid(errors);
  }

  defineListRoute(app, 'listIngredients', {
    spec: ingredients.INGREDIENT_LIST,
    filters: ingredients.INGREDIENT_FILTERS,
    narrowFilters: ['medication_id'],
    filename: 'ingredients',
    whole: (reply) =>
      cached(reply, 'ingredients', ingredients.INGREDIENT_LIST.tables, () =>
        ingredients.listIngredients(db),
      ),
  });

  defineRoute(app, 'getIngredient', async (request) => ({ data: await loaded(request.params.id) }));

  defineRoute(app, 'createIngredient', async (request, reply) => {
    const codes = checkedCodes('ingredient', request.body.codes);
    const id = await uniqueCodes(db, 'ingredient', codes, undefined, () =>
      auditedStatement(request, 'ingredient', (tx) =>
        uniqueName('Ingredient', ingredients.insertIngredient(tx, request.body.name.trim(), codes)),
      ),
    );
    return reply
      .status(201)
      .send({ data: await loaded(id), message: 'Ingredient added successfully' });
  });

  defineRoute(app, 'updateIngredient', async (request) => {
    const { id, name } = request.body;
    const codes = checkedCodes('ingredient', request.body.codes);
    const updated = await uniqueCodes(db, 'ingredient', codes, id, () =>
      auditedStatement(request, 'ingredient', (tx) =>
        uniqueName('Ingredient', ingredients.updateIngredient(tx, id, name.trim(), codes)),
      ),
    );
    if (!updated) throw notFound('Ingredient');
    return { data: await loaded(id), message: 'Ingredient updated successfully' };
  });

  defineRoute(app, 'deleteIngredient', async (request) => {
    const { id } = request.body;
    const deleted = await audited(request, { entity: 'ingredient', action: 'delete', id }, (tx) =>
      deleteUnlessUsed(tx, ingredients.INGREDIENT_DELETE, id, (users) =>
        stillUsed('This ingredient', users),
      ),
    );
    if (!deleted) throw notFound('Ingredient');
    return { message: 'Ingredient deleted successfully' };
  });

  defineRoute(app, 'addMedicationIngredient', async (request, reply) => {
    const { medication_id, ingredient_id, reason: _reason, ...strength } = request.body;
    await known([
      { field: 'medication_id', table: 'medications', id: medication_id },
      { field: 'ingredient_id', table: 'ingredients', id: ingredient_id },
    ]);
    const id = await auditedStatement(request, 'medication_ingredient', (tx) =>
      ingredients.insertLink(tx, medication_id, ingredient_id, strength),
    );
    if (!id) throw conflict('This medication already contains this ingredient.');
    return reply
      .status(201)
      .send({ data: await loaded(ingredient_id), message: 'Ingredient added to the medication' });
  });

  defineRoute(app, 'updateMedicationIngredient', async (request) => {
    const { id, reason: _reason, ...strength } = request.body;
    const link = await ingredients.linkOf(db, id);
    if (!link) throw notFound('Medication ingredient');
    await auditedStatement(request, 'medication_ingredient', (tx) =>
      ingredients.updateLink(tx, id, strength),
    );
    return { data: await loaded(link.ingredient_id), message: 'Strength updated successfully' };
  });

  defineRoute(app, 'removeMedicationIngredient', async (request) => {
    const { id } = request.body;
    const link = await ingredients.linkOf(db, id);
    if (!link) throw notFound('Medication ingredient');
    const removed = await auditedStatement(request, 'medication_ingredient', (tx) =>
      ingredients.deleteLink(tx, id),
    );
    if (!removed) {
      // Gone meanwhile, or the medication's last ingredient.
      if (!(await ingredients.linkOf(db, id))) throw notFound('Medication ingredient');
      throw conflict(
        'A medication contains at least one ingredient: add another before removing this one.',
      );
    }
    return { message: 'Ingredient removed from the medication' };
  });

  defineRoute(app, 'addIngredientLimit', async (request, reply) => {
    const { reason: _reason, ...input } = request.body;
    await known([
      { field: 'ingredient_id', table: 'ingredients', id: input.ingredient_id },
      {
        field: 'category_id',
        table: input.basis === 'age' ? 'age_categories' : 'weight_categories',
        id: input.category_id,
      },
    ]);
    const id = await auditedStatement(request, 'ingredient_limit', (tx) =>
      ingredients.insertLimit(tx, input),
    );
    if (!id) throw conflict('This ingredient already has a daily limit for this category.');
    return reply
      .status(201)
      .send({ data: await loaded(input.ingredient_id), message: 'Daily limit added successfully' });
  });

  defineRoute(app, 'updateIngredientLimit', async (request) => {
    const { id } = request.body;
    const ingredientId = await ingredients.limitIngredient(db, id);
    if (ingredientId === undefined) throw notFound('Daily limit');
    await auditedStatement(request, 'ingredient_limit', (tx) =>
      ingredients.updateLimit(tx, id, request.body),
    );
    return { data: await loaded(ingredientId), message: 'Daily limit updated successfully' };
  });

  defineRoute(app, 'removeIngredientLimit', async (request) => {
    const removed = await auditedStatement(request, 'ingredient_limit', (tx) =>
      ingredients.deleteLimit(tx, request.body.id),
    );
    if (!removed) throw notFound('Daily limit');
    return { message: 'Daily limit removed successfully' };
  });
}
