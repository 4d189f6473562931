// What other features may use of the ingredients: how a strength reads.
export { STRENGTH_NOT_STATED, strengthText } from './ingredientFormat';
