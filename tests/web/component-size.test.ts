// No React component in src/ runs past 120 lines, counted from its `function X(` or `const X =` line
// to its closing brace: past that a component does several things, each wanting a component or hook of its own.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseSync } from 'vite';
import { describe, expect, it } from 'vitest';

const MAX_COMPONENT_LINES = 120;
const ROOT = join(import.meta.dirname, '../..');

interface AstNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

function tsxFilesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return tsxFilesUnder(path);
    return entry.name.endsWith('.tsx') ? [path] : [];
  });
}

function isAstNode(value: unknown): value is AstNode {
  return typeof value === 'object' && value !== null && typeof (value as AstNode).type === 'string';
}

function isFunction(node: unknown): boolean {
  return isAstNode(node) && (node.type === 'ArrowFunctionExpression' || node.type === 'FunctionExpression');
}

/**
 * The name of the function a node declares, if any: a function declaration, or a `const` holding a
 * function, bare or wrapped (as in `memo(...)`).
 */
function declaredFunctionName(node: AstNode): string | undefined {
  if (node.type === 'FunctionDeclaration') return (node.id as { name?: string } | null)?.name;
  if (node.type !== 'VariableDeclaration') return undefined;
  const [declaration] = node.declarations as { id: { name?: string }; init: AstNode | null }[];
  const { init } = declaration ?? {};
  const holdsFunction = isFunction(init) || (init?.type === 'CallExpression' && (init.arguments as unknown[]).some(isFunction));
  return holdsFunction ? declaration?.id.name : undefined;
}

/** The length in lines of every component in the file, named `path: Name`. */
function componentLengths(path: string): { component: string; lines: number }[] {
  const text = readFileSync(path, 'utf8');
  const { program } = parseSync(path, text, { lang: 'tsx' });
  const lineOf = (offset: number) => text.slice(0, offset).split('\n').length;
  const found: { component: string; lines: number }[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!isAstNode(value)) return undefined;
    const name = declaredFunctionName(value);
    if (name && /^[A-Z]/.test(name)) found.push({ component: `${relative(ROOT, path)}: ${name}`, lines: lineOf(value.end) - lineOf(value.start) + 1 });
    Object.values(value).forEach(visit);
    return undefined;
  };
  visit(program);
  return found;
}

describe('component size', () => {
  const components = tsxFilesUnder(join(ROOT, 'src')).flatMap(componentLengths);

  it(`keeps every React component in src/ within ${MAX_COMPONENT_LINES} lines`, () => {
    expect(components.length).toBeGreaterThan(50);
    const tooLong = components.filter(({ lines }) => lines > MAX_COMPONENT_LINES);
    expect(tooLong.map(({ component, lines }) => `${component} (${lines} lines)`)).toEqual([]);
  });
});
