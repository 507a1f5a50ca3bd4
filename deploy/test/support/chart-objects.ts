import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { CHART, ciValues, type K8sObject } from './helm';

/** The parts of rendered objects the chart's tests read (the full types are kubernetes-models'). */
export interface EnvVar {
  readonly name: string;
  readonly value?: string;
  readonly valueFrom?: { readonly secretKeyRef?: { readonly name: string; readonly key: string } };
}

export interface Probe {
  readonly httpGet: { readonly path: string; readonly port: string | number };
}

export interface Container {
  readonly name: string;
  readonly command: readonly string[];
  readonly args?: readonly string[];
  readonly ports: readonly { readonly name: string; readonly containerPort: number }[];
  readonly env: readonly EnvVar[];
  readonly startupProbe?: Probe;
  readonly livenessProbe: Probe;
  readonly readinessProbe: Probe;
  readonly lifecycle?: { readonly preStop?: { readonly sleep?: { readonly seconds: number } } };
  readonly securityContext: Record<string, unknown>;
  readonly resources: { readonly requests?: object; readonly limits?: object };
  readonly volumeMounts?: readonly { readonly name: string; readonly mountPath: string }[];
}

export interface PodSpec {
  readonly containers: readonly Container[];
  readonly terminationGracePeriodSeconds: number;
  readonly securityContext: Record<string, unknown>;
  readonly topologySpreadConstraints?: readonly {
    readonly labelSelector: { readonly matchLabels: Record<string, string> };
  }[];
}

export interface Deployment extends K8sObject {
  readonly spec: {
    readonly replicas?: number;
    readonly minReadySeconds?: number;
    readonly strategy: { readonly rollingUpdate: { readonly maxUnavailable: number | string } };
    readonly selector: { readonly matchLabels: Record<string, string> };
    readonly template: {
      readonly metadata: { readonly labels: Record<string, string> };
      readonly spec: PodSpec;
    };
  };
}

export const COMPONENTS = ['gateway', 'ingestor', 'cache'] as const;
export type Component = (typeof COMPONENTS)[number];

export function ofKind<T extends K8sObject = K8sObject>(objects: readonly K8sObject[], kind: string): T[] {
  return objects.filter((object) => object.kind === kind) as T[];
}

export function componentOf(object: K8sObject): string | undefined {
  return object.metadata.labels?.['app.kubernetes.io/component'];
}

/** The Deployment of a component. */
export function deploymentOf(objects: readonly K8sObject[], component: Component): Deployment {
  const found = ofKind<Deployment>(objects, 'Deployment').find((object) => componentOf(object) === component);
  if (!found) throw new Error(`no ${component} Deployment rendered`);
  return found;
}

export function containerOf(deployment: Deployment): Container {
  const [container] = deployment.spec.template.spec.containers;
  if (!container) throw new Error(`${deployment.metadata.name} has no container`);
  return container;
}

export function envValue(container: Container, name: string): string | undefined {
  return container.env.find((variable) => variable.name === name)?.value;
}

/** Whether every label of `selector` is on `labels` with the same value. */
export function selects(selector: Record<string, string>, labels: Record<string, string>): boolean {
  return Object.entries(selector).every(([key, value]) => labels[key] === value);
}

type Values = Record<string, unknown>;

function at(values: unknown, path: readonly string[]): unknown {
  return path.reduce<unknown>(
    (value, key) => (typeof value === 'object' && value !== null ? (value as Values)[key] : undefined),
    values,
  );
}

/** A value as the chart sees it with a CI values file: the file's, else the chart's default. */
export function chartValue(file: string, path: string): unknown {
  const keys = path.split('.');
  const own = at(parse(readFileSync(ciValues(file), 'utf8')), keys);
  return own ?? at(parse(readFileSync(join(CHART, 'values.yaml'), 'utf8')), keys);
}
