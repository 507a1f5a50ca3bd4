import { execFile } from 'node:child_process';
import { join } from 'node:path';
import * as ts from 'typescript';
import type { K8sObject } from './helm';
import { ROOT } from './observability-files';

/**
 * Kubernetes' own schemas, two ways. `modelProblems`: the kubernetes-models validators (types,
 * formats, required fields) in a child Node (ES modules only). `unknownFieldProblems`: the same
 * packages' TypeScript types, each object type-checked as an object literal of its kind, so a field
 * Kubernetes does not know is an excess-property error (JSON schemas' validators let them pass,
 * and the API server drops them silently or refuses them).
 */
export function modelProblems(objects: readonly K8sObject[]): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      [join(__dirname, 'k8s-models.mjs')],
      { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`${error.message}\n${stderr}`));
        else resolve(JSON.parse(stdout) as string[]);
      },
    );
    child.stdin?.end(JSON.stringify(objects));
  });
}

/** The module of a kind's TypeScript types, e.g. kubernetes-models/apps/v1/Deployment. */
function typesModule(object: K8sObject): string {
  const group = object.apiVersion.startsWith('monitoring.coreos.com/')
    ? '@kubernetes-models/prometheus-operator'
    : 'kubernetes-models';
  return `${group}/${object.apiVersion}/${object.kind}`;
}

/** A module that declares each object as a constant of its kind's interface. */
function typedSource(objects: readonly K8sObject[]): string {
  const lines = objects.map(
    (object, index) =>
      `// ${object.kind}/${object.metadata.name}\n` +
      `export const object${index}: import('${typesModule(object)}').I${object.kind} = ${JSON.stringify(object)};`,
  );
  return `${lines.join('\n')}\n`;
}

const OPTIONS: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  types: [],
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
};

/** Type errors of the objects against their kinds' types; each names the object it is in. */
export function unknownFieldProblems(objects: readonly K8sObject[]): string[] {
  // A file that is not on disk, in the repository so that node_modules resolves from it.
  const file = join(ROOT, 'deploy/test/rendered-objects.mts');
  const source = typedSource(objects);
  const host = ts.createCompilerHost(OPTIONS);
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (name) => name === file || fileExists(name);
  host.readFile = (name) => (name === file ? source : readFile(name));
  host.getSourceFile = (name, version, ...rest) =>
    name === file ? ts.createSourceFile(name, source, version) : getSourceFile(name, version, ...rest);
  const program = ts.createProgram([file], OPTIONS, host);
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
    if (diagnostic.file?.fileName !== file || diagnostic.start === undefined) return message;
    const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    const owner = source.split('\n')[line - 1] ?? '';
    return `${owner.replace('// ', '')}: ${message}`;
  });
}
