import { readFileSync } from 'node:fs';
import { round, table } from './statistics';

/**
 * `node --max-old-space-size=8192 dist/bench/heap-split.js <before> <after> <connections>`: what a
 * process's heap holds more in `after` than in `before` (two V8 heap snapshots, e.g. from
 * BENCH_WS_HEAP_DIR), by constructor (objects, closures) or kind (strings, arrays, code…), in
 * bytes per connection. Self sizes: each object counts once, where it is, not what it keeps alive.
 */
interface HeapSnapshot {
  readonly snapshot: { readonly meta: { readonly node_fields: string[]; readonly node_types: [string[]] } };
  readonly nodes: number[];
  readonly strings: string[];
}

/** Self size and count by group: an object's constructor, else the node's kind in brackets. */
function sizesByGroup(file: string): Map<string, { bytes: number; count: number }> {
  const heap = JSON.parse(readFileSync(file, 'utf8')) as HeapSnapshot;
  const fields = heap.snapshot.meta.node_fields;
  const types = heap.snapshot.meta.node_types[0];
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((name) => fields.indexOf(name));
  const groups = new Map<string, { bytes: number; count: number }>();
  for (let node = 0; node < heap.nodes.length; node += fields.length) {
    const type = types[heap.nodes[node + (typeAt ?? 0)] ?? 0] ?? '?';
    const name = heap.strings[heap.nodes[node + (nameAt ?? 0)] ?? 0] ?? '?';
    const group =
      type === 'object' || type === 'closure' ? `${name}${type === 'closure' ? '()' : ''}` : `(${type})`;
    const entry = groups.get(group) ?? { bytes: 0, count: 0 };
    entry.bytes += heap.nodes[node + (sizeAt ?? 0)] ?? 0;
    entry.count += 1;
    groups.set(group, entry);
  }
  return groups;
}

function main(): void {
  const [beforeFile, afterFile, connectionsText] = process.argv.slice(2);
  const connections = Number(connectionsText);
  if (!beforeFile || !afterFile || !(connections > 0)) {
    throw new Error('usage: heap-split.js <before.heapsnapshot> <after.heapsnapshot> <connections>');
  }
  const before = sizesByGroup(beforeFile);
  const after = sizesByGroup(afterFile);
  const rows = [...after].map(([group, { bytes, count }]) => {
    const earlier = before.get(group) ?? { bytes: 0, count: 0 };
    return {
      group,
      bytes: (bytes - earlier.bytes) / connections,
      count: (count - earlier.count) / connections,
    };
  });
  rows.sort((a, b) => b.bytes - a.bytes);
  const total = rows.reduce((sum, row) => sum + row.bytes, 0);
  const lines = [
    ['held per connection', 'bytes', 'objects'],
    ...rows.slice(0, 30).map((row) => [row.group, round(row.bytes, 0), round(row.count, 2)]),
    ['(all)', round(total, 0), ''],
  ];
  process.stdout.write(`${table(lines)}\n`);
}

main();
