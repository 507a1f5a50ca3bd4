import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { type EnvironmentSettings, environmentSettings } from './environment-settings';
import { anchorsOf, type MarkdownSection, relativeLinks, sectionsOf } from './markdown';

// The documents a reader follows: every setting an app reads is in docs/configuration.md, every
// relative link and anchor resolves, and the front page maps every app and lib in under 200 lines.

const ROOT = resolve(__dirname, '..', '..');
const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8');

/** Markdown files git tracks, or would (new files not ignored); without git, every one outside the build. */
function markdownFiles(): string[] {
  try {
    const listed = execFileSync(
      'git',
      ['ls-files', '--cached', '--others', '--exclude-standard', '--', '*.md'],
      {
        cwd: ROOT,
        encoding: 'utf8',
      },
    );
    return [...new Set(listed.split('\n'))].filter((file) => file !== '' && existsSync(join(ROOT, file)));
  } catch {
    return markdownUnder('.');
  }
}

const UNTRACKED_FOLDERS = new Set(['.git', 'node_modules', 'dist', 'coverage', 'test-artifacts']);

function markdownUnder(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = folder === '.' ? entry.name : `${folder}/${entry.name}`;
    if (entry.isDirectory()) return UNTRACKED_FOLDERS.has(entry.name) ? [] : markdownUnder(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

/** What is wrong with one link of `file`, or undefined when it resolves. */
function brokenLink(file: string, target: string): string | undefined {
  const [rawPath = '', anchor] = target.split('#', 2);
  const path = decodeURIComponent(rawPath);
  const resolved = path === '' ? file : path.startsWith('/') ? path.slice(1) : join(dirname(file), path);
  if (!existsSync(join(ROOT, resolved))) return `${file}: ${target} (no such file)`;
  if (anchor === undefined || !resolved.endsWith('.md') || statSync(join(ROOT, resolved)).isDirectory())
    return undefined;
  return anchorsOf(read(resolved)).has(anchor) ? undefined : `${file}: ${target} (no such anchor)`;
}

/** The section of configuration.md that names the class's file, and the sections it links to. */
function sectionsFor(
  environment: EnvironmentSettings,
  sections: readonly MarkdownSection[],
): MarkdownSection[] {
  const own = sections.find((section) => section.text.includes(`\`${environment.file}\``));
  if (!own) return [];
  const linked = sections.filter((section) => own.linkedAnchors.includes(section.slug));
  return [own, ...linked];
}

function subfolders(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${folder}/${entry.name}`);
}

describe('documents', () => {
  it('docs/configuration.md has every setting of every environment class, in its table', async () => {
    const environments = await environmentSettings(ROOT);
    expect(environments.map((environment) => environment.className)).toEqual(
      expect.arrayContaining(['GatewayEnvironment', 'IngestorEnvironment', 'CacheEnvironment']),
    );
    const sections = sectionsOf(read('docs/configuration.md'));
    const missing = environments.flatMap((environment) => {
      const tables = sectionsFor(environment, sections);
      if (tables.length === 0) return [`${environment.file} (no section names this file)`];
      return environment.settings
        .filter((setting) => !tables.some((section) => section.tableNames.has(setting)))
        .map((setting) => `${setting} of ${environment.className} (${environment.file})`);
    });
    expect(missing).toEqual([]);
  });

  it('every relative link and anchor in every Markdown file resolves', () => {
    const files = markdownFiles();
    expect(files).toEqual(expect.arrayContaining(['README.md', 'docs/configuration.md']));
    const broken = files.flatMap((file) =>
      relativeLinks(read(file)).flatMap((target) => brokenLink(file, target) ?? []),
    );
    expect(broken).toEqual([]);
  });

  it('README.md is under 200 lines and its map names every folder of apps/ and libs/', () => {
    const readme = read('README.md');
    expect(readme.trimEnd().split('\n').length).toBeLessThan(200);
    const folders = [...subfolders('apps'), ...subfolders('libs')];
    expect(folders.length).toBeGreaterThan(5);
    const mapped = sectionsOf(readme)
      .filter((section) => /map/i.test(section.heading))
      .flatMap((section) => [...section.tableNames]);
    expect(folders.filter((folder) => !mapped.includes(folder))).toEqual([]);
  });
});
