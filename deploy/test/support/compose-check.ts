import Ajv from 'ajv';
import draft07 from 'ajv/dist/refs/json-schema-draft-07.json';
import { CORE_SCHEMA, load, mergeTag } from 'js-yaml';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(__dirname, '../../..');
const SCHEMA_FILE = join(ROOT, 'deploy/compose-schema/compose-spec.json');
/** The schema names its meta-schema by this address, which Ajv knows under another spelling. */
const SCHEMA_DIALECT = 'https://json-schema.org/draft-07/schema';

/**
 * Parses a compose file the way Docker Compose v2 does, strictly: a duplicated mapping key is an
 * error (js-yaml refuses them as Compose's Go YAML parser does; the Python docker-compose 1.29 keeps
 * the last one silently). Merge keys (`<<: *anchor`) are resolved, as Compose resolves them.
 */
export function parseComposeStrictly(text: string): unknown {
  return load(text, { schema: CORE_SCHEMA.withTags(mergeTag) });
}

/**
 * The problems of a compose file: a YAML error, or each place where it breaks the Compose
 * Specification's schema (vendored, see deploy/compose-schema/README.md). Empty when it is valid.
 */
export function composeProblems(text: string): string[] {
  let document: unknown;
  try {
    document = parseComposeStrictly(text);
  } catch (error) {
    return [error instanceof Error ? error.message : String(error)];
  }
  // strictTypes and strictTuples judge how the schema is written (upstream's business), not the file.
  const ajv = new Ajv({ allErrors: true, strictTypes: false, strictTuples: false });
  ajv.addMetaSchema(draft07, SCHEMA_DIALECT);
  const validate = ajv.compile(JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')) as object);
  if (validate(document)) return [];
  return (validate.errors ?? []).map(
    (error) => `${error.instancePath || '/'} ${error.message ?? ''} ${JSON.stringify(error.params)}`,
  );
}
