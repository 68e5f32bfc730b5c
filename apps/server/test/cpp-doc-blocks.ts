// The C++ of a Markdown document, gathered into translation units so a test can compile it (docs/plugin-integration.md
// must not rot). Every ```cpp block is marked just above its fence with `<!-- compiled: UNIT -->` (Prettier keeps a
// blank line between the two); the blocks of one UNIT are joined in the document's order, as a developer following
// the steps would have them in one file. Each block starts with a #line directive, so the compiler's messages name
// the document's own lines.

/** The translation units of a document's C++ blocks, and the fence lines (1-based) of blocks without a marker. */
export type CppDocUnits = { units: Map<string, string>; unmarkedLines: number[] };

const MARKER = /^<!-- compiled: ([a-z0-9-]+) -->$/;

export function collectCppDocUnits(markdown: string, documentPath: string): CppDocUnits {
  const lines = markdown.split('\n');
  const units = new Map<string, string>();
  const unmarkedLines: number[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    if (lines[index]!.trim() !== '```cpp') continue;
    const end = lines.findIndex((line, position) => position > index && line.trim() === '```');
    const above = lines.slice(0, index).findLast((line) => line.trim() !== '');
    const unit = MARKER.exec(above?.trim() ?? '')?.[1];
    if (unit === undefined) unmarkedLines.push(index + 1);
    else {
      const code = lines.slice(index + 1, end === -1 ? lines.length : end).join('\n');
      units.set(unit, `${units.get(unit) ?? ''}#line ${index + 2} "${documentPath}"\n${code}\n`);
    }
    if (end === -1) break;
    index = end;
  }
  return { units, unmarkedLines };
}
