import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { CLASS_RULE_KINDS, SEVERITIES } from '@contract/enums';
import { choiceField, requiredText } from '@/components/crud/schema';

export const OTHER_CLASS_REQUIRED_MESSAGE = 'Other class is required';
export const OTHER_MEDICATION_REQUIRED_MESSAGE = 'Medication is required';
export const CROSS_SENSITIVITY_NAMES_A_CLASS_MESSAGE = 'A cross-sensitivity names another class';
export const SAME_CLASS_MESSAGE = 'Choose a class other than the first';

/**
 * The class rule form: its kind, the class, what it is with (another class, or a medication: the
 * `other` choice), a severity and a required description. A cross-sensitivity is with another
 * class, never the class itself; an interaction may be with the same class (two of its members
 * together). The ids stay strings (select values) until `classRuleRequest` (classRuleForm.tsx)
 * parses them.
 */
export const classRuleSchema = z
  .object({
    kind: choiceField('Kind', CLASS_RULE_KINDS),
    drug_class_id: z.string().min(1, 'Class is required'),
    other: z.enum(['class', 'medication']),
    other_class_id: z.string(),
    other_medication_id: z.string(),
    severity: choiceField('Severity', SEVERITIES),
    description: requiredText('Description', 2000),
  })
  .superRefine((rule, context) => {
    const problem = (path: 'other' | 'other_class_id' | 'other_medication_id', message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if (rule.other === 'medication') {
      if (rule.kind === 'cross_sensitivity')
        problem('other', CROSS_SENSITIVITY_NAMES_A_CLASS_MESSAGE);
      else if (rule.other_medication_id === '')
        problem('other_medication_id', OTHER_MEDICATION_REQUIRED_MESSAGE);
    } else if (rule.other_class_id === '') {
      problem('other_class_id', OTHER_CLASS_REQUIRED_MESSAGE);
    } else if (rule.kind === 'cross_sensitivity' && rule.other_class_id === rule.drug_class_id) {
      problem('other_class_id', SAME_CLASS_MESSAGE);
    }
  });
export type ClassRuleFormValues = z.input<typeof classRuleSchema>;
export type ClassRuleFormOutput = z.output<typeof classRuleSchema>;
/** Loaded on first use through `classRuleValidation` (classRuleForm.tsx), with zod. */
export const classRuleResolver = zodResolver(classRuleSchema);
