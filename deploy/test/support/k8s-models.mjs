// Validates Kubernetes objects (a JSON array on stdin) with the kubernetes-models packages, which
// compile Kubernetes' own OpenAPI schemas (and the Prometheus Operator's CRDs): types, formats,
// required fields. Prints a JSON array of problems. A separate ES module because those packages
// are ES modules only, which Jest's CommonJS runtime cannot load (see k8s-validation.ts).
import { text } from 'node:stream/consumers';

/** The package of each API group's models. */
function modelModule(apiVersion) {
  if (apiVersion.startsWith('monitoring.coreos.com/')) {
    return `@kubernetes-models/prometheus-operator/${apiVersion}`;
  }
  return `kubernetes-models/${apiVersion}`;
}

async function problemsOf(object) {
  const where = `${object.kind}/${object.metadata?.name}`;
  let models;
  try {
    models = await import(modelModule(object.apiVersion));
  } catch {
    return [`${where}: no models for ${object.apiVersion}`];
  }
  const Model = models[object.kind];
  if (!Model) return [`${where}: no model of kind ${object.kind} in ${object.apiVersion}`];
  try {
    new Model(object).validate();
    return [];
  } catch (error) {
    return [`${where}: ${error.message}`];
  }
}

const objects = JSON.parse(await text(process.stdin));
const problems = (await Promise.all(objects.map(problemsOf))).flat();
process.stdout.write(JSON.stringify(problems));
