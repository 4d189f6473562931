export { importLink, importPath } from './importTargets';
