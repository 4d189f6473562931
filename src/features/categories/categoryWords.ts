/** 'age' → 'Age'; an abbreviation ('eGFR') keeps its case. */
const capital = (word: string) =>
  /[A-Z]/.test(word.slice(1)) ? word : word.charAt(0).toUpperCase() + word.slice(1);

/**
 * How a kind's texts name it where its contract word (`measure`) will not do: the renal kind's
 * fields are `minimum_egfr`, but its screen is 'Renal Categories' of an 'eGFR'.
 */
export interface CategoryWording {
  /** The kind in titles and messages: 'renal' makes 'Renal Categories', 'renal category'. */
  kind: string;
  /** The measure in the field labels: 'eGFR' makes 'Minimum eGFR', 'eGFR Range'. */
  measure: string;
  /** The toasts' subject, as the server's messages say it: 'Renal function category'. */
  subject: string;
}

/**
 * A kind's words, made from its measure ('age', 'weight') as the spec writes them, or from its
 * wording: every kind's screen says the same things of its own measure.
 */
export function categoryWords({
  measure,
  wording,
}: {
  measure: string;
  wording?: CategoryWording;
}) {
  const kind = wording?.kind ?? measure;
  const said = wording?.measure ?? measure;
  const Kind = capital(kind);
  const Said = capital(said);
  const one = `${kind} category`;
  const many = `${kind} categories`;
  return {
    /** The h1 and the menu entry, 'Age Categories'. */
    title: `${Kind} Categories`,
    /** 'Age Category', in the buttons and dialog titles. */
    singular: `${Kind} Category`,
    one,
    many,
    /** The toasts' subject, 'Age category'. */
    subject: wording?.subject ?? capital(one),
    /** The export's file name, 'age-categories'. */
    fileName: `${kind}-categories`,
    range: `${Said} Range`,
    unitColumn: `${Said} Unit`,
    minimum: `Minimum ${said}`,
    maximum: `Maximum ${said}`,
    unitField: `${Said} unit`,
    rangeMessage: `Minimum ${said} must not exceed maximum ${said}`,
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
