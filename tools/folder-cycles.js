#!/usr/bin/env node
// Fails when two folders import each other, directly or round a loop: madge reports cycles between
// files only, and folder tangles (api-keys↔auth, feed↔writer) are what made this code hard to read.
// A folder importing its own parent or child (a module file beside its parts) is not a cycle here.
'use strict';
const path = require('node:path');
const madge = require('madge');

const ROOTS = ['apps', 'libs', 'bench', 'tools', 'faults', 'deploy'];

const nested = (a, b) => a.startsWith(`${b}/`) || b.startsWith(`${a}/`);

/** Folder → folders it imports, and one file-level import as the example for each arrow. */
function folderGraph(files) {
  const tree = {};
  const examples = new Map();
  for (const [file, imports] of Object.entries(files)) {
    const from = path.dirname(file);
    tree[from] ??= [];
    for (const imported of imports) {
      const to = path.dirname(imported);
      if (from === to || nested(from, to) || tree[from].includes(to)) continue;
      tree[from].push(to);
      examples.set(`${from} -> ${to}`, `${file} -> ${imported}`);
    }
  }
  return { tree, examples };
}

async function main() {
  const files = await madge(ROOTS, { fileExtensions: ['ts'], tsConfig: 'tsconfig.json' });
  const { tree, examples } = folderGraph(files.obj());
  // madge takes a ready-made graph too, so its cycle search runs on the folders as it does on files.
  const cycles = (await madge(tree)).circular();
  if (cycles.length === 0) {
    console.log('No folders import each other.');
    return;
  }
  for (const cycle of cycles) {
    console.error(`Folders importing each other: ${cycle.join(' -> ')} -> ${cycle[0]}`);
    cycle.forEach((from, index) => {
      const to = cycle[(index + 1) % cycle.length];
      console.error(`  ${from} -> ${to}   (${examples.get(`${from} -> ${to}`)})`);
    });
  }
  process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
