// Writes the contract's TypeScript for both sides, beside it in api/generated/:
// - openapi.ts: its operations and schemas (openapi-typescript), which the server's handlers take
//   their request and reply types from. A Timestamp is `Date | string` there, since a handler may
//   answer a row's Date and the contract's serializer writes it as the ISO string the schema says.
// - contract.json: the contract itself as JSON, which the server reads at every start (and every
//   API test file builds an app): parsing the YAML each time costs far more than JSON.parse.
// - enums.ts: its enumerations as `as const` arrays, so that the server and the console import
//   every list of units, severities, categories and roles from the contract instead of keeping
//   copies that drift. Named schemas with an `enum` become NAME_PLURAL (RoleName → ROLE_NAMES);
//   an object schema's property with its own inline `enum` becomes SCHEMA_PROPERTY
//   (DataQualityFinding.kind → DATA_QUALITY_FINDING_KINDS). Each comes with its union type.
import { readFileSync, writeFileSync } from 'node:fs';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import ts from 'typescript';
import { parse } from 'yaml';

const [source = 'api/openapi.yaml', out = 'api/generated'] = process.argv.slice(2);
const text = readFileSync(source, 'utf8');
const contract = parse(text);

const DATE_OR_STRING = ts.factory.createUnionTypeNode([
  ts.factory.createTypeReferenceNode('Date'),
  ts.factory.createKeywordTypeNode(ts.SyntaxKind.StringKeyword),
]);
const types = await openapiTS(text, {
  transform: (_schema, { path }) =>
    path === '#/components/schemas/Timestamp' ? DATE_OR_STRING : undefined,
});
writeFileSync(`${out}/openapi.ts`, COMMENT_HEADER + astToString(types));
writeFileSync(`${out}/contract.json`, JSON.stringify(contract));

const pascal = (word) => word.charAt(0).toUpperCase() + word.slice(1);
const screaming = (name) => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();
function plural(name) {
  if (/is$/.test(name)) return `${name.slice(0, -2)}es`;
  if (/[^aeiou]y$/i.test(name)) return `${name.slice(0, -1)}ies`;
  if (/(s|x|sh|ch)$/i.test(name)) return `${name}es`;
  return `${name}s`;
}

const enums = [];
for (const [name, schema] of Object.entries(contract.components.schemas)) {
  if (Array.isArray(schema.enum)) enums.push({ type: name, values: schema.enum, from: name });
  for (const [property, child] of Object.entries(schema.properties ?? {})) {
    if (Array.isArray(child.enum)) {
      const type = `${name}${property.split('_').map(pascal).join('')}`;
      enums.push({ type, values: child.enum, from: `${name}.${property}` });
    }
  }
}

const blocks = enums.map(({ type, values, from }) => {
  const constant = screaming(plural(type));
  return [
    `/** #/components/schemas/${from.replace('.', '/properties/')} */`,
    `export const ${constant} = ${JSON.stringify(values)} as const;`,
    `export type ${type} = (typeof ${constant})[number];`,
  ].join('\n');
});

writeFileSync(
  `${out}/enums.ts`,
  [
    `// Generated from ${source} by \`npm run api:generate\`: do not edit by hand.`,
    ...blocks,
    '',
  ].join('\n\n'),
);
