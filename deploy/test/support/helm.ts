import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parseAllDocuments } from 'yaml';
import { ROOT } from './observability-files';

const run = promisify(execFile);

export const CHART = join(ROOT, 'deploy/helm/price-data-service');
/** Where tools/ensure-test-tools.sh unpacks the pinned helm (HELM_DIR there). */
const HELM = join(ROOT, 'node_modules/.cache/pds-helm/v4.1.4/helm');
/** The oldest and newest Kubernetes versions the chart supports (Chart.yaml's kubeVersion). */
export const KUBE_VERSIONS = ['1.30.0', '1.35.0'] as const;
export const OPERATOR_API = 'monitoring.coreos.com/v1';
export const RELEASE = 'pds';

/** The chart's CI values files (its `ci/` folder), by name. */
export const CI_VALUES = readdirSync(join(CHART, 'ci')).filter((file) => file.endsWith('.yaml'));

export interface K8sObject {
  readonly apiVersion: string;
  readonly kind: string;
  readonly metadata: { readonly name: string; readonly labels?: Record<string, string> };
  readonly [field: string]: unknown;
}

export interface RenderOptions {
  readonly valuesFiles?: readonly string[];
  readonly kubeVersion?: string;
  readonly apiVersions?: readonly string[];
}

function helmBinary(): string {
  if (!existsSync(HELM)) throw new Error(`No helm at ${HELM}: run bash tools/ensure-test-tools.sh`);
  return HELM;
}

function renderArguments(options: RenderOptions): string[] {
  return [
    ...(options.valuesFiles ?? []).flatMap((file) => ['--values', file]),
    ...(options.kubeVersion ? ['--kube-version', options.kubeVersion] : []),
    ...(options.apiVersions ?? []).flatMap((api) => ['--api-versions', api]),
  ];
}

/** What helm prints and whether it succeeded; a failure is an answer here, not a throw. */
export async function helm(args: readonly string[]): Promise<{ ok: boolean; output: string }> {
  try {
    const { stdout, stderr } = await run(helmBinary(), [...args], { maxBuffer: 64 * 1024 * 1024 });
    return { ok: true, output: `${stdout}${stderr}` };
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; message: string };
    return { ok: false, output: `${failed.stdout ?? ''}${failed.stderr ?? failed.message}` };
  }
}

/** `helm lint --strict` (it has no --api-versions: it renders without the operator's objects). */
export function lintChart(options: RenderOptions): Promise<{ ok: boolean; output: string }> {
  return helm(['lint', '--strict', CHART, ...renderArguments({ ...options, apiVersions: [] })]);
}

/** `helm template` of the chart, as objects; rejects with helm's message when it refuses. */
export async function renderChart(options: RenderOptions): Promise<K8sObject[]> {
  const { ok, output } = await helm(['template', RELEASE, CHART, ...renderArguments(options)]);
  if (!ok) throw new Error(output);
  return parseAllDocuments(output)
    .map((document) => document.toJS() as K8sObject | null)
    .filter((object): object is K8sObject => object !== null);
}

/** The values file of the chart's `ci/` folder. */
export function ciValues(file: string): string {
  return join(CHART, 'ci', file);
}

/** Kubernetes version and operator API a CI values file renders with (monitoring needs the CRDs). */
export function renderOptionsFor(file: string, kubeVersion: string): RenderOptions {
  const apiVersions = file.startsWith('monitoring') ? [OPERATOR_API] : [];
  return { valuesFiles: [ciValues(file)], kubeVersion, apiVersions };
}
