/**
 * @rtk-query/codegen-openapi settings for src/api/generated.ts, the console's API slice.
 *
 * The console's slice holds only the operations the console calls: every page loads it, and each
 * operation adds to every page's bundle. Left out are the FHIR reads and the CDS Hooks service,
 * which electronic health records call with their own clients (the console only reads the
 * service's alerts). The server and tests read every operation from the contract itself.
 */
function forOtherClients({ path, operation }) {
  const roles = operation['x-roles'] ?? [];
  return (
    path.startsWith('/fhir/') || (roles.length > 0 && roles.every((role) => role === 'api_client'))
  );
}

module.exports = {
  schemaFile: './openapi.yaml',
  apiFile: '../src/api/emptyApi.ts',
  apiImport: 'emptyApi',
  outputFile: '../src/api/generated.ts',
  exportName: 'generatedApi',
  hooks: true,
  tag: true,
  filterEndpoints: (_name, definition) => !forOtherClients(definition),
};
