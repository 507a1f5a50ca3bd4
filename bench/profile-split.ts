import { readFileSync } from 'node:fs';
import { round, table } from './statistics';

/**
 * `node dist/bench/profile-split.js <file.cpuprofile>`: a V8 CPU profile's time by stage of the
 * request path. Each sample goes to the stage of the innermost frame (leaf first) that names one;
 * Node's internals and natives count for the stage that called them. What no frame names is
 * "other". Shares are of the busy time after start-up; µs per request when the request count is given.
 */
interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string };
  readonly children?: readonly number[];
}

interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

/**
 * Stage, and the frames that belong to it: a URL part or a function name, first match wins. The
 * innermost frame of one of these names the sample's stage; only when none does, the innermost of
 * NODE_STAGES (Node's own work, e.g. parsing HTTP before any handler runs).
 */
const STAGES: readonly (readonly [string, RegExp])[] = [
  ['garbage collection', /^\(garbage collector\)$/],
  ['key check', /authentication\/|access\/keys\/|keys\/api-key|hashApiKey|\bHash\b|createHash/],
  [
    'rate limit: Redis trip (ioredis, script call)',
    /node_modules\/(ioredis|redis-parser|@ioredis)|libs\/redis\//,
  ],
  ['rate limit: guard and headers', /rate-limit\/|usage-tally/],
  ['validation', /validation\/|class-validator|class-transformer/],
  ['deadline timer', /deadline\//],
  ['metrics', /prom-client|metrics\//],
  ['Nest pipeline (router, guards, pipes, interceptors)', /node_modules\/@nestjs\/|node_modules\/rxjs/],
  ['controller and market data', /market-data\//],
  ['error filter', /errors\//],
  ['serialisation (reply.send, headers)', /fastify\/lib\/(reply|error-serializer)|fast-json-stringify/],
  ['Fastify itself (routing, hooks, request)', /node_modules\/(fastify|find-my-way|@fastify|avvio)/],
];

/** A sample with any of these frames is start-up (loading modules, Nest's injector), not a request. */
const START_UP = /node:internal\/modules|@nestjs\/core\/(injector|scanner|nest-factory)/;

const NODE_STAGES: readonly (readonly [string, RegExp])[] = [
  [
    'Node: HTTP parse, sockets',
    /node:_http|node:net|node:internal\/(stream|http|streams)|^(writev|writeUtf8String|writeLatin1String|writeBuffer)$/,
  ],
  ['Node: timers', /node:internal\/timers/],
  [
    'Node: promises and microtasks',
    /^(processTicksAndRejections|runMicrotasks)$|node:internal\/process\/task_queues/,
  ],
];

function stageOf(node: ProfileNode, stages: typeof STAGES): string | undefined {
  const { functionName, url } = node.callFrame;
  for (const [stage, pattern] of stages) {
    if (pattern.test(url) || pattern.test(functionName)) return stage;
  }
  return undefined;
}

export function splitByStage(profile: CpuProfile): { stage: string; ms: number }[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const stageOfNode = new Map<number, string>();
  // The innermost stage from `id` up, in `stages`; 'other' when no frame names one.
  const find = (id: number, stages: typeof STAGES, memo: Map<number, string>): string => {
    const known = memo.get(id);
    if (known !== undefined) return known;
    const node = byId.get(id);
    const up = parent.get(id);
    const stage = (node && stageOf(node, stages)) ?? (up === undefined ? 'other' : find(up, stages, memo));
    memo.set(id, stage);
    return stage;
  };
  const nodeMemo = new Map<number, string>();
  const startUp = new Map<number, boolean>();
  const inStartUp = (id: number): boolean => {
    const known = startUp.get(id);
    if (known !== undefined) return known;
    const frame = byId.get(id)?.callFrame;
    const up = parent.get(id);
    const result = (frame !== undefined && START_UP.test(frame.url)) || (up !== undefined && inStartUp(up));
    startUp.set(id, result);
    return result;
  };
  const resolve = (id: number): string => {
    const name = byId.get(id)?.callFrame.functionName ?? '';
    if (name === '(idle)' || name === '(program)') return name;
    if (inStartUp(id)) return 'start-up (not per request)';
    const stage = find(id, STAGES, stageOfNode);
    return stage === 'other' ? find(id, NODE_STAGES, nodeMemo) : stage;
  };
  const totals = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const stage = resolve(id);
    totals.set(stage, (totals.get(stage) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
  });
  return [...totals].map(([stage, ms]) => ({ stage, ms })).sort((a, b) => b.ms - a.ms);
}

function main(): void {
  const file = process.argv[2];
  if (!file) throw new Error('usage: profile-split <file.cpuprofile> [requests served]');
  const requests = Number(process.argv[3] ?? 0);
  const stages = splitByStage(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile);
  const perRequest = (stage: string): boolean => stage !== '(idle)' && !stage.startsWith('start-up');
  const busy = stages.filter((s) => perRequest(s.stage)).reduce((sum, s) => sum + s.ms, 0);
  const rows = stages.map(({ stage, ms }) => [
    stage,
    round(ms, 0),
    perRequest(stage) ? `${round((100 * ms) / busy, 1)} %` : '',
    requests > 0 && perRequest(stage) ? round((1000 * ms) / requests, 2) : '',
  ]);
  process.stdout.write(`${table([['stage', 'ms', 'share of busy', 'µs per request'], ...rows])}\n`);
}

main();
