// Reading Markdown as GitHub renders it, as far as links, headings and tables go: a few lines of our
// own rather than a Markdown parser and a slugger package, since only these three facts are needed.

/** The text with fenced code blocks blanked (line count kept) and inline code spans removed. */
export function proseOf(markdown: string): string {
  let fence: string | undefined;
  const lines = markdown.split('\n').map((line) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence === undefined && marker) {
      fence = marker;
      return '';
    }
    if (fence !== undefined) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = undefined;
      return '';
    }
    return line;
  });
  return lines.join('\n').replace(/(`+)[^`]*?\1/g, '');
}

/** GitHub's heading id: lower case, punctuation dropped (`-` and `_` kept), spaces to hyphens. */
export function githubSlug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // a link in a heading keeps its text
    .replace(/<[^>]+>/g, '')
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
}

/** Every anchor a file offers: heading ids (repeats get -1, -2, …) and explicit `id`/`name` anchors. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(`{3,}|~{3,})/.test(line)) fenced = !fenced;
    if (fenced) continue;
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const slug = githubSlug(heading);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  for (const match of markdown.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(match[1] ?? '');
  return anchors;
}

/** The targets of inline links, images and reference definitions that stay inside the repository. */
export function relativeLinks(markdown: string): string[] {
  const prose = proseOf(markdown);
  const targets = [
    ...[...prose.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1] ?? ''),
    ...[...prose.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/gm)].map((m) => m[1] ?? ''),
  ];
  return targets.filter((target) => target !== '' && !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

/** A `##` section: its heading, its text, the names in its tables' first cells, the anchors it links. */
export interface MarkdownSection {
  readonly heading: string;
  readonly slug: string;
  readonly text: string;
  readonly tableNames: ReadonlySet<string>;
  readonly linkedAnchors: readonly string[];
}

/** The file cut at its `##` headings (the text before the first one is left out). */
export function sectionsOf(markdown: string): MarkdownSection[] {
  const parts = markdown.split(/^(?=## )/m).filter((part) => part.startsWith('## '));
  return parts.map((part) => {
    const heading = part.slice(3, part.indexOf('\n') === -1 ? undefined : part.indexOf('\n')).trim();
    const tableNames = new Set<string>();
    for (const row of part.matchAll(/^\|([^|\n]*)\|/gm)) {
      for (const code of (row[1] ?? '').matchAll(/`([^`]+)`/g)) tableNames.add(code[1] ?? '');
    }
    const linkedAnchors = relativeLinks(part)
      .filter((target) => target.startsWith('#'))
      .map((target) => target.slice(1));
    return { heading, slug: githubSlug(heading), text: part, tableNames, linkedAnchors };
  });
}
