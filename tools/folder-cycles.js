#!/usr/bin/env node
// Fails when two folders import each other, directly or round a loop: madge reports cycles between
// files only, and folder tangles (api-keys↔auth, feed↔writer) are what made this code hard to read.
// A folder importing its own parent or child (a module file beside its parts) is not a cycle here.
'use strict';
const path = require('node:path');
const madge = require('madge');

const ROOTS = ['apps', 'libs', 'bench', 'tools', 'faults', 'deploy'];

const nested = (a, b) => a.startsWith(`${b}/`) || b.startsWith(`${a}/`);

/** Folder → folders it imports, with one file-level import as the example for each arrow. */
function folderGraph(files) {
  const arrows = new Map();
  for (const [file, imports] of Object.entries(files)) {
    const from = path.dirname(file);
    for (const imported of imports) {
      const to = path.dirname(imported);
      if (from === to || nested(from, to)) continue;
      if (!arrows.has(from)) arrows.set(from, new Map());
      if (!arrows.get(from).has(to)) arrows.get(from).set(to, `${file} -> ${imported}`);
    }
  }
  return arrows;
}

/** Strongly connected components of more than one folder (Tarjan). */
function tangles(arrows) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  let next = 0;
  const visit = (folder) => {
    index.set(folder, next);
    low.set(folder, next);
    next += 1;
    stack.push(folder);
    onStack.add(folder);
    for (const to of arrows.get(folder)?.keys() ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(folder, Math.min(low.get(folder), low.get(to)));
      } else if (onStack.has(to)) {
        low.set(folder, Math.min(low.get(folder), index.get(to)));
      }
    }
    if (low.get(folder) !== index.get(folder)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== folder);
    if (component.length > 1) found.push(component);
  };
  for (const folder of arrows.keys()) if (!index.has(folder)) visit(folder);
  return found;
}

async function main() {
  const result = await madge(ROOTS, { fileExtensions: ['ts'], tsConfig: 'tsconfig.json' });
  const arrows = folderGraph(result.obj());
  const found = tangles(arrows);
  if (found.length === 0) {
    console.log('No folders import each other.');
    return;
  }
  for (const component of found) {
    console.error(`Folders importing each other: ${component.join(', ')}`);
    for (const from of component)
      for (const to of component) {
        const example = arrows.get(from)?.get(to);
        if (example) console.error(`  ${from} -> ${to}   (${example})`);
      }
  }
  process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
