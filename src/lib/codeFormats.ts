import type { CodeSystem } from '@contract/enums';
import { codeProblem as serverCodeProblem } from '../../server/domain/codes';
import { normalCode } from './codes';

/**
 * The format of each code system's codes: the server's own rules (pure, no server code of their
 * own), so a form refuses exactly what the server would. Only the forms' lazily loaded schemas
 * import this.
 */
export { verhoeffValid } from '../../server/domain/codes';

/** Why `code` (as typed) is no code of `system`, or null when it is one. */
export function codeProblem(system: CodeSystem, code: string): string | null {
  if (normalCode(code) === '') return 'Code is required';
  const problem = serverCodeProblem(system, normalCode(code))?.replace(/^Invalid code: /, '');
  return problem ? problem[0].toUpperCase() + problem.slice(1) : null;
}
