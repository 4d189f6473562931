// Generated from api/openapi.yaml by `npm run api:generate`: do not edit by hand.

/** #/components/schemas/FhirBundle/properties/resourceType */
export const FHIR_BUNDLE_RESOURCE_TYPES = ['Bundle'] as const;
export type FhirBundleResourceType = (typeof FHIR_BUNDLE_RESOURCE_TYPES)[number];

/** #/components/schemas/FhirBundle/properties/type */
export const FHIR_BUNDLE_TYPES = ['searchset'] as const;
export type FhirBundleType = (typeof FHIR_BUNDLE_TYPES)[number];

/** #/components/schemas/FhirOperationOutcome/properties/resourceType */
export const FHIR_OPERATION_OUTCOME_RESOURCE_TYPES = ['OperationOutcome'] as const;
export type FhirOperationOutcomeResourceType =
  (typeof FHIR_OPERATION_OUTCOME_RESOURCE_TYPES)[number];

/** #/components/schemas/Flag */
export const FLAGS = [0, 1] as const;
export type Flag = (typeof FLAGS)[number];

/** #/components/schemas/CodeSystem */
export const CODE_SYSTEMS = [
  'http://www.whocc.no/atc',
  'http://www.nlm.nih.gov/research/umls/rxnorm',
  'http://hl7.org/fhir/sid/icd-10',
  'http://snomed.info/sct',
] as const;
export type CodeSystem = (typeof CODE_SYSTEMS)[number];

/** #/components/schemas/PublishBlocker/properties/kind */
export const PUBLISH_BLOCKER_KINDS = [
  'scheduled',
  'unreviewed',
  'test_prescription',
  'data_quality',
] as const;
export type PublishBlockerKind = (typeof PUBLISH_BLOCKER_KINDS)[number];

/** #/components/schemas/ReviewDecision/properties/decision */
export const REVIEW_DECISION_DECISIONS = ['approved', 'rejected'] as const;
export type ReviewDecisionDecision = (typeof REVIEW_DECISION_DECISIONS)[number];

/** #/components/schemas/PendingChange/properties/action */
export const PENDING_CHANGE_ACTIONS = ['create', 'update', 'delete'] as const;
export type PendingChangeAction = (typeof PENDING_CHANGE_ACTIONS)[number];

/** #/components/schemas/Severity */
export const SEVERITIES = ['minor', 'moderate', 'major', 'contraindicated'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** #/components/schemas/ContraindicationLevel */
export const CONTRAINDICATION_LEVELS = ['contraindicated', 'caution'] as const;
export type ContraindicationLevel = (typeof CONTRAINDICATION_LEVELS)[number];

/** #/components/schemas/CautionSeverity */
export const CAUTION_SEVERITIES = ['minor', 'moderate', 'major'] as const;
export type CautionSeverity = (typeof CAUTION_SEVERITIES)[number];

/** #/components/schemas/PregnancyCategory */
export const PREGNANCY_CATEGORIES = ['A', 'B', 'C', 'D', 'X'] as const;
export type PregnancyCategory = (typeof PREGNANCY_CATEGORIES)[number];

/** #/components/schemas/DosageUnit */
export const DOSAGE_UNITS = [
  'mg',
  'ml',
  'g',
  'mcg',
  'mg/kg',
  'mcg/kg',
  'tablet',
  'capsule',
] as const;
export type DosageUnit = (typeof DOSAGE_UNITS)[number];

/** #/components/schemas/FrequencyUnit */
export const FREQUENCY_UNITS = [
  'hours',
  'days',
  'weeks',
  'months',
  'x daily',
  'x weekly',
  'x monthly',
  'x yearly',
  'times/day',
  'times/week',
  'times/month',
  'times/year',
  'every day',
] as const;
export type FrequencyUnit = (typeof FREQUENCY_UNITS)[number];

/** #/components/schemas/DurationUnit */
export const DURATION_UNITS = ['hours', 'days', 'weeks', 'months', 'every day'] as const;
export type DurationUnit = (typeof DURATION_UNITS)[number];

/** #/components/schemas/AgeUnit */
export const AGE_UNITS = ['years', 'months', 'days'] as const;
export type AgeUnit = (typeof AGE_UNITS)[number];

/** #/components/schemas/WeightUnit */
export const WEIGHT_UNITS = ['kg', 'lbs'] as const;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];

/** #/components/schemas/AgeCategoryName */
export const AGE_CATEGORY_NAMES = ['Adult', 'Pediatric', 'Geriatric'] as const;
export type AgeCategoryName = (typeof AGE_CATEGORY_NAMES)[number];

/** #/components/schemas/WeightCategoryName */
export const WEIGHT_CATEGORY_NAMES = ['Underweight', 'Normal', 'Overweight', 'Obese'] as const;
export type WeightCategoryName = (typeof WEIGHT_CATEGORY_NAMES)[number];

/** #/components/schemas/RoleName */
export const ROLE_NAMES = ['admin', 'editor', 'viewer', 'user'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

/** #/components/schemas/LoginRequest/properties/audience */
export const LOGIN_REQUEST_AUDIENCES = ['console', 'app'] as const;
export type LoginRequestAudience = (typeof LOGIN_REQUEST_AUDIENCES)[number];

/** #/components/schemas/ConditionSort */
export const CONDITION_SORTS = ['name', '-name', 'description', '-description'] as const;
export type ConditionSort = (typeof CONDITION_SORTS)[number];

/** #/components/schemas/AgeCategorySort */
export const AGE_CATEGORY_SORTS = [
  'min_age',
  '-min_age',
  'max_age',
  '-max_age',
  'age_unit',
  '-age_unit',
  'category_name',
  '-category_name',
  'description',
  '-description',
] as const;
export type AgeCategorySort = (typeof AGE_CATEGORY_SORTS)[number];

/** #/components/schemas/RenalCategorySort */
export const RENAL_CATEGORY_SORTS = [
  'min_egfr',
  '-min_egfr',
  'max_egfr',
  '-max_egfr',
  'egfr_unit',
  '-egfr_unit',
  'category_name',
  '-category_name',
  'description',
  '-description',
] as const;
export type RenalCategorySort = (typeof RENAL_CATEGORY_SORTS)[number];

/** #/components/schemas/RenalUnit */
export const RENAL_UNITS = ['mL/min/1.73m2'] as const;
export type RenalUnit = (typeof RENAL_UNITS)[number];

/** #/components/schemas/RenalCategoryName */
export const RENAL_CATEGORY_NAMES = ['G1', 'G2', 'G3a', 'G3b', 'G4', 'G5'] as const;
export type RenalCategoryName = (typeof RENAL_CATEGORY_NAMES)[number];

/** #/components/schemas/WeightCategorySort */
export const WEIGHT_CATEGORY_SORTS = [
  'min_weight',
  '-min_weight',
  'max_weight',
  '-max_weight',
  'weight_unit',
  '-weight_unit',
  'category_name',
  '-category_name',
  'description',
  '-description',
] as const;
export type WeightCategorySort = (typeof WEIGHT_CATEGORY_SORTS)[number];

/** #/components/schemas/MedicationSort */
export const MEDICATION_SORTS = [
  'name',
  '-name',
  'condition',
  '-condition',
  'is_dosage_weight_based',
  '-is_dosage_weight_based',
  'avg_weight_dosage',
  '-avg_weight_dosage',
  'pregnancy_category',
  '-pregnancy_category',
  'created_at',
  '-created_at',
  'updated_at',
  '-updated_at',
] as const;
export type MedicationSort = (typeof MEDICATION_SORTS)[number];

/** #/components/schemas/DrugInteractionSort */
export const DRUG_INTERACTION_SORTS = [
  'medication',
  '-medication',
  'interacting_medication',
  '-interacting_medication',
  'severity',
  '-severity',
  'description',
  '-description',
  'is_allergen',
  '-is_allergen',
  'created_at',
  '-created_at',
] as const;
export type DrugInteractionSort = (typeof DRUG_INTERACTION_SORTS)[number];

/** #/components/schemas/DrugClassSort */
export const DRUG_CLASS_SORTS = [
  'name',
  '-name',
  'atc_code',
  '-atc_code',
  'duplicate_severity',
  '-duplicate_severity',
  'member_count',
  '-member_count',
] as const;
export type DrugClassSort = (typeof DRUG_CLASS_SORTS)[number];

/** #/components/schemas/ClassRuleKind */
export const CLASS_RULE_KINDS = ['interaction', 'cross_sensitivity'] as const;
export type ClassRuleKind = (typeof CLASS_RULE_KINDS)[number];

/** #/components/schemas/ClassRuleSort */
export const CLASS_RULE_SORTS = [
  'drug_class',
  '-drug_class',
  'other',
  '-other',
  'kind',
  '-kind',
  'severity',
  '-severity',
] as const;
export type ClassRuleSort = (typeof CLASS_RULE_SORTS)[number];

/** #/components/schemas/IngredientUnit */
export const INGREDIENT_UNITS = ['mg', 'mcg', 'g'] as const;
export type IngredientUnit = (typeof INGREDIENT_UNITS)[number];

/** #/components/schemas/ProductUnit */
export const PRODUCT_UNITS = ['tablet', 'capsule', 'ml'] as const;
export type ProductUnit = (typeof PRODUCT_UNITS)[number];

/** #/components/schemas/IngredientLimitUnit */
export const INGREDIENT_LIMIT_UNITS = ['mg', 'mcg', 'g', 'mg/kg', 'mcg/kg'] as const;
export type IngredientLimitUnit = (typeof INGREDIENT_LIMIT_UNITS)[number];

/** #/components/schemas/IngredientLimit/properties/basis */
export const INGREDIENT_LIMIT_BASES = ['age', 'weight'] as const;
export type IngredientLimitBasis = (typeof INGREDIENT_LIMIT_BASES)[number];

/** #/components/schemas/IngredientLimitCreate/properties/basis */
export const INGREDIENT_LIMIT_CREATE_BASES = ['age', 'weight'] as const;
export type IngredientLimitCreateBasis = (typeof INGREDIENT_LIMIT_CREATE_BASES)[number];

/** #/components/schemas/IngredientSort */
export const INGREDIENT_SORTS = ['name', '-name', 'medication_count', '-medication_count'] as const;
export type IngredientSort = (typeof INGREDIENT_SORTS)[number];

/** #/components/schemas/RenalFrequencyUnit */
export const RENAL_FREQUENCY_UNITS = ['hours', 'days', 'weeks'] as const;
export type RenalFrequencyUnit = (typeof RENAL_FREQUENCY_UNITS)[number];

/** #/components/schemas/LifestyleSort */
export const LIFESTYLE_SORTS = ['name', '-name'] as const;
export type LifestyleSort = (typeof LIFESTYLE_SORTS)[number];

/** #/components/schemas/AdminUserSort */
export const ADMIN_USER_SORTS = [
  'name',
  '-name',
  'email',
  '-email',
  'registered_at',
  '-registered_at',
  'last_active_at',
  '-last_active_at',
  'search_count',
  '-search_count',
] as const;
export type AdminUserSort = (typeof ADMIN_USER_SORTS)[number];

/** #/components/schemas/DrugSort */
export const DRUG_SORTS = [
  'name',
  '-name',
  'category',
  '-category',
  'manufacturer',
  '-manufacturer',
  'dosage',
  '-dosage',
  'created_at',
  '-created_at',
] as const;
export type DrugSort = (typeof DRUG_SORTS)[number];

/** #/components/schemas/PatientSex */
export const PATIENT_SEXES = ['female', 'male'] as const;
export type PatientSex = (typeof PATIENT_SEXES)[number];

/** #/components/schemas/SafetyVerdict */
export const SAFETY_VERDICTS = ['none', 'minor', 'moderate', 'major', 'contraindicated'] as const;
export type SafetyVerdict = (typeof SAFETY_VERDICTS)[number];

/** #/components/schemas/NotCheckedReason */
export const NOT_CHECKED_REASONS = [
  'missing_weight',
  'missing_age',
  'no_band',
  'no_dosage',
  'unit_not_comparable',
  'missing_pregnancy_category',
  'missing_pregnancy_status',
  'no_rule_for_age',
  'not_prescribed',
  'missing_strength',
  'missing_egfr',
] as const;
export type NotCheckedReason = (typeof NOT_CHECKED_REASONS)[number];

/** #/components/schemas/SafetyFindingKind */
export const SAFETY_FINDING_KINDS = [
  'interaction',
  'condition',
  'lifestyle',
  'pregnancy',
  'allergy',
  'duplicate_therapy',
  'duplicate_ingredient',
  'renal',
  'age_limit',
  'dose',
  'daily_dose',
  'frequency',
  'duration',
  'not_checked',
] as const;
export type SafetyFindingKind = (typeof SAFETY_FINDING_KINDS)[number];

/** #/components/schemas/SafetyFinding/properties/basis */
export const SAFETY_FINDING_BASES = ['weight', 'age'] as const;
export type SafetyFindingBasis = (typeof SAFETY_FINDING_BASES)[number];

/** #/components/schemas/SafetyComparison/properties/outcome */
export const SAFETY_COMPARISON_OUTCOMES = [
  'within',
  'above_max',
  'below_min',
  'too_often',
  'too_rarely',
  'not_checked',
] as const;
export type SafetyComparisonOutcome = (typeof SAFETY_COMPARISON_OUTCOMES)[number];

/** #/components/schemas/SafetyRuleApplied/properties/basis */
export const SAFETY_RULE_APPLIED_BASES = ['weight', 'age'] as const;
export type SafetyRuleAppliedBasis = (typeof SAFETY_RULE_APPLIED_BASES)[number];

/** #/components/schemas/DataQualityKind */
export const DATA_QUALITY_KINDS = [
  'dosage_range_inverted',
  'category_range_inverted',
  'age_category_overlap',
  'weight_category_overlap',
  'missing_weight_dosage',
  'missing_age_dosage',
  'duplicate_interaction',
  'missing_pregnancy_category',
  'age_category_gap',
  'weight_category_gap',
  'coverage_gap',
  'dosage_unit_mixed',
  'zero_dose',
  'duplicate_medication_name',
  'pregnancy_x_without_contraindication',
  'class_rule_contradicted',
  'missing_strength',
  'no_child_rule',
  'renal_without_kidney_condition',
] as const;
export type DataQualityKind = (typeof DATA_QUALITY_KINDS)[number];

/** #/components/schemas/DataQualitySeverity */
export const DATA_QUALITY_SEVERITIES = ['error', 'warning', 'info'] as const;
export type DataQualitySeverity = (typeof DATA_QUALITY_SEVERITIES)[number];

/** #/components/schemas/DataQualitySort */
export const DATA_QUALITY_SORTS = [
  'severity',
  '-severity',
  'record',
  '-record',
  'message',
  '-message',
] as const;
export type DataQualitySort = (typeof DATA_QUALITY_SORTS)[number];

/** #/components/schemas/DataQualityFinding/properties/entity */
export const DATA_QUALITY_FINDING_ENTITIES = [
  'medication',
  'weight_dosage',
  'age_dosage',
  'age_category',
  'weight_category',
  'drug_interaction',
] as const;
export type DataQualityFindingEntity = (typeof DATA_QUALITY_FINDING_ENTITIES)[number];

/** #/components/schemas/AccountRoleFilter */
export const ACCOUNT_ROLE_FILTERS = ['admin', 'editor', 'viewer', 'user', 'pending'] as const;
export type AccountRoleFilter = (typeof ACCOUNT_ROLE_FILTERS)[number];

/** #/components/schemas/AccountSort */
export const ACCOUNT_SORTS = [
  'name',
  '-name',
  'email',
  '-email',
  'role',
  '-role',
  'created_at',
  '-created_at',
  'last_sign_in_at',
  '-last_sign_in_at',
] as const;
export type AccountSort = (typeof ACCOUNT_SORTS)[number];

/** #/components/schemas/CdsHookRequest/properties/hook */
export const CDS_HOOK_REQUEST_HOOKS = ['order-select', 'order-sign'] as const;
export type CdsHookRequestHook = (typeof CDS_HOOK_REQUEST_HOOKS)[number];

/** #/components/schemas/CdsCard/properties/indicator */
export const CDS_CARD_INDICATORS = ['info', 'warning', 'critical'] as const;
export type CdsCardIndicator = (typeof CDS_CARD_INDICATORS)[number];

/** #/components/schemas/CdsAlertRuleKind */
export const CDS_ALERT_RULE_KINDS = [
  'interaction',
  'class_rule',
  'condition',
  'lifestyle',
  'pregnancy',
  'allergy',
  'dosage',
  'renal_rule',
  'ingredient_limit',
  'age_limit',
  'duplicate_class',
  'duplicate_ingredient',
  'not_checked',
] as const;
export type CdsAlertRuleKind = (typeof CDS_ALERT_RULE_KINDS)[number];

/** #/components/schemas/AuditAction */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'revert',
  'password_change',
  'password_reset',
  'reset_link',
  'sessions_end',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** #/components/schemas/AuditEntity */
export const AUDIT_ENTITIES = [
  'condition',
  'age_category',
  'weight_category',
  'medication',
  'weight_dosage',
  'age_dosage',
  'contraindication',
  'lifestyle_contraindication',
  'drug_interaction',
  'lifestyle',
  'drug',
  'account',
  'test_prescription',
  'drug_class',
  'class_member',
  'class_rule',
  'ingredient',
  'medication_ingredient',
  'ingredient_limit',
  'renal_category',
  'renal_rule',
  'api_client',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** #/components/schemas/AuditSort */
export const AUDIT_SORTS = [
  'at',
  '-at',
  'actor',
  '-actor',
  'action',
  '-action',
  'entity',
  '-entity',
] as const;
export type AuditSort = (typeof AUDIT_SORTS)[number];

/** #/components/schemas/TestPrescriptionFinding/properties/basis */
export const TEST_PRESCRIPTION_FINDING_BASES = ['weight', 'age'] as const;
export type TestPrescriptionFindingBasis = (typeof TEST_PRESCRIPTION_FINDING_BASES)[number];

/** #/components/schemas/TestPrescriptionRuleField */
export const TEST_PRESCRIPTION_RULE_FIELDS = [
  'interaction_id',
  'condition_id',
  'lifestyle_id',
  'pregnancy_category',
  'dosage_id',
  'basis',
  'reason',
  'class_rule_id',
  'drug_class_id',
  'ingredient_id',
  'renal_rule_id',
] as const;
export type TestPrescriptionRuleField = (typeof TEST_PRESCRIPTION_RULE_FIELDS)[number];

/** #/components/schemas/TestPrescriptionStatus */
export const TEST_PRESCRIPTION_STATUSES = ['pass', 'worse', 'changed'] as const;
export type TestPrescriptionStatus = (typeof TEST_PRESCRIPTION_STATUSES)[number];

/** #/components/schemas/TestPrescriptionDifference/properties/kind */
export const TEST_PRESCRIPTION_DIFFERENCE_KINDS = [
  'finding_added',
  'finding_removed',
  'severity_changed',
  'verdict_changed',
  'complete_changed',
  'request_invalid',
  'below_floor',
] as const;
export type TestPrescriptionDifferenceKind = (typeof TEST_PRESCRIPTION_DIFFERENCE_KINDS)[number];

/** #/components/schemas/ReferenceWriteOperation */
export const REFERENCE_WRITE_OPERATIONS = [
  'createCondition',
  'updateCondition',
  'deleteCondition',
  'createMedication',
  'updateMedication',
  'deleteMedication',
  'addWeightBasedDosage',
  'addAgeBasedDosage',
  'updateWeightBasedDosage',
  'updateAgeBasedDosage',
  'addContraindication',
  'removeContraindication',
  'createAgeCategory',
  'updateAgeCategory',
  'deleteAgeCategory',
  'createWeightCategory',
  'updateWeightCategory',
  'deleteWeightCategory',
  'createDrugInteraction',
  'updateDrugInteraction',
  'deleteDrugInteraction',
  'createLifestyle',
  'updateLifestyle',
  'deleteLifestyle',
  'createLifestyleContraindication',
  'updateLifestyleContraindication',
  'deleteLifestyleContraindication',
  'createRenalCategory',
  'updateRenalCategory',
  'deleteRenalCategory',
  'createDrugClass',
  'updateDrugClass',
  'deleteDrugClass',
  'addDrugClassMember',
  'removeDrugClassMember',
  'createClassRule',
  'updateClassRule',
  'deleteClassRule',
  'createIngredient',
  'updateIngredient',
  'deleteIngredient',
  'addMedicationIngredient',
  'updateMedicationIngredient',
  'removeMedicationIngredient',
  'addIngredientLimit',
  'updateIngredientLimit',
  'removeIngredientLimit',
  'createRenalRule',
  'updateRenalRule',
  'deleteRenalRule',
  'revertAuditEntry',
] as const;
export type ReferenceWriteOperation = (typeof REFERENCE_WRITE_OPERATIONS)[number];

/** #/components/schemas/ImportEntity */
export const IMPORT_ENTITIES = [
  'conditions',
  'lifestyles',
  'drug-interactions',
  'ingredients',
  'drug-classes',
  'medications',
  'age-categories',
  'weight-categories',
  'renal-categories',
  'renal-rules',
  'class-rules',
] as const;
export type ImportEntity = (typeof IMPORT_ENTITIES)[number];
