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
