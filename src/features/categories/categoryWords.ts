/** 'age' → 'Age'. */
const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * A kind's words, made from its measure ('age', 'weight') as the spec writes them: every kind's
 * screen says the same things of its own measure.
 */
export function categoryWords(measure: string) {
  const Measure = capital(measure);
  const one = `${measure} category`;
  const many = `${measure} categories`;
  return {
    /** The h1 and the menu entry, 'Age Categories'. */
    title: `${Measure} Categories`,
    /** 'Age Category', in the buttons and dialog titles. */
    singular: `${Measure} Category`,
    one,
    many,
    /** The toasts' subject, 'Age category'. */
    subject: capital(one),
    range: `${Measure} Range`,
    unitColumn: `${Measure} Unit`,
    minimum: `Minimum ${measure}`,
    maximum: `Maximum ${measure}`,
    unitField: `${Measure} unit`,
    rangeMessage: `Minimum ${measure} must not exceed maximum ${measure}`,
  };
}

/** The words of a category's patient ages (a kind with `ages`), in years. */
export const AGE_WORDS = {
  /** The form's labels. */
  minimumField: 'Minimum age (years)',
  maximumField: 'Maximum age (years)',
  /** The messages' subjects: 'Minimum age must be from 0 to 130 years'. */
  minimum: 'Minimum age',
  maximum: 'Maximum age',
  rangeMessage: 'Minimum age must not exceed maximum age',
  column: 'Ages',
  any: 'Any age',
};
