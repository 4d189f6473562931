import type { FastifyInstance } from 'fastify';
import { audited, auditedStatement } from '../audit/record';
import { conflict, invalid, notFound } from '../errors';
import { listCache } from '../lib/listCache';
import { deleteUnlessUsed, stillUsed } from '../lib/usage';
import * as classes from '../repositories/drug-classes';
import { missingIds } from '../repositories/medications';
import { checkedCodes, uniqueCodes } from './codes';
import { defineRoute } from './define';
import { defineListRoute } from './lists';
import { uniqueName } from './namedRecords';

/** Drug classes and their members. */
export default async function drugClassRoutes(app: FastifyInstance) {
  const { db } = app;
  const cached = listCache(app);

  async function loaded(id: number) {
    const row = await classes.getDrugClass(db, id);
    if (!row) throw notFound('Drug class');
    return row;
  }

  /** The body's values as stored: the name trimmed, an ATC code or severity left out is none,
   * codes left out unchanged (a create's: none). */
  const inputOf = (body: classes.DrugClassInput): classes.DrugClassInput => ({
    name: body.name.trim(),
    atc_code: body.atc_code ?? null,
    duplicate_severity: body.duplicate_severity ?? null,
    codes: checkedCodes('drug_class', body.codes),
  });

  defineListRoute(app, 'listDrugClasses', {
    spec: classes.DRUG_CLASS_LIST,
    filters: classes.DRUG_CLASS_FILTERS,
    narrowFilters: ['medication_id'],
    filename: 'drug-classes',
    whole: (reply) =>
      cached(reply, 'drug-classes', classes.DRUG_CLASS_LIST.tables, () =>
        classes.listDrugClasses(db),
      ),
  });

  defineRoute(app, 'getDrugClass', async (request) => ({
    data: await loaded(request.params.id),
  }));

  defineRoute(app, 'createDrugClass', async (request, reply) => {
    const input = inputOf(request.body);
    const id = await uniqueCodes(db, 'drug_class', input.codes, undefined, () =>
      auditedStatement(request, 'drug_class', (tx) =>
        uniqueName('Drug class', classes.insertDrugClass(tx, input)),
      ),
    );
    return reply
      .status(201)
      .send({ data: await loaded(id), message: 'Drug class added successfully' });
  });

  defineRoute(app, 'updateDrugClass', async (request) => {
    const { id } = request.body;
    const input = inputOf(request.body);
    const updated = await uniqueCodes(db, 'drug_class', input.codes, id, () =>
      auditedStatement(request, 'drug_class', (tx) =>
        uniqueName('Drug class', classes.updateDrugClass(tx, id, input)),
      ),
    );
    if (!updated) throw notFound('Drug class');
    return { data: await loaded(id), message: 'Drug class updated successfully' };
  });

  defineRoute(app, 'deleteDrugClass', async (request) => {
    const { id } = request.body;
    const deleted = await audited(request, { entity: 'drug_class', action: 'delete', id }, (tx) =>
      deleteUnlessUsed(tx, classes.DRUG_CLASS_DELETE, id, (rules) =>
        stillUsed('This class', rules, 'the class rules'),
      ),
    );
    if (!deleted) throw notFound('Drug class');
    return { message: 'Drug class deleted successfully' };
  });

  defineRoute(app, 'addDrugClassMember', async (request, reply) => {
    const { drug_class_id, medication_id } = request.body;
    const errors: Record<string, string[]> = {};
    if ((await missingIds(db, 'drug_classes', [drug_class_id])).length)
      errors.drug_class_id = [`No such drug class: ${drug_class_id}`];
    if ((await missingIds(db, 'medications', [medication_id])).length)
      errors.medication_id = [`No such medication: ${medication_id}`];
    if (Object.keys(errors).length) throw invalid(errors);
    const id = await auditedStatement(request, 'class_member', (tx) =>
      classes.insertMember(tx, drug_class_id, medication_id),
    );
    if (!id) throw conflict('This medication is already a member of this class.');
    return reply
      .status(201)
      .send({ data: await loaded(drug_class_id), message: 'Medication added to the class' });
  });

  defineRoute(app, 'removeDrugClassMember', async (request) => {
    const deleted = await auditedStatement(request, 'class_member', (tx) =>
      classes.deleteMember(tx, request.body.id),
    );
    if (!deleted) throw notFound('Class membership');
    return { message: 'Medication removed from the class' };
  });
}
