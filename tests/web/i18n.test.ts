import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const LOCALES = path.resolve(import.meta.dirname, '../../src/i18n/locales');

type Catalogue = { [key: string]: string | Catalogue };

function readCatalogues(language: string): Record<string, Catalogue> {
  const directory = path.join(LOCALES, language);
  return Object.fromEntries(
    fs
      .readdirSync(directory)
      .filter((file) => file.endsWith('.json'))
      .map((file) => [file, JSON.parse(fs.readFileSync(path.join(directory, file), 'utf8')) as Catalogue]),
  );
}

/** Every leaf as "dotted.key" → value. */
function flatten(catalogue: Catalogue, prefix = ''): Map<string, unknown> {
  const leaves = new Map<string, unknown>();
  for (const [key, value] of Object.entries(catalogue)) {
    const dotted = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'object' && value !== null) {
      for (const [leaf, leafValue] of flatten(value, dotted)) leaves.set(leaf, leafValue);
    } else {
      leaves.set(dotted, value);
    }
  }
  return leaves;
}

const english = readCatalogues('en');
const somali = readCatalogues('so');

describe('i18n catalogues', () => {
  it('has the same files in English and Somali', () => {
    expect(Object.keys(somali).sort()).toEqual(Object.keys(english).sort());
    expect(Object.keys(english).length).toBeGreaterThan(0);
  });

  it.each(Object.keys(english))('%s has the same keys in both languages', (file) => {
    expect([...flatten(somali[file]).keys()].sort()).toEqual([...flatten(english[file]).keys()].sort());
  });

  it.each(['en', 'so'])('%s has no empty or non-text value', (language) => {
    for (const catalogue of Object.values(language === 'en' ? english : somali)) {
      for (const [key, value] of flatten(catalogue)) {
        expect(typeof value, key).toBe('string');
        expect(String(value).trim(), key).not.toBe('');
      }
    }
  });

  it.each(Object.keys(english))('%s keeps its keys under the area named by the file', (file) => {
    // admin-hosts.json, admin-chats.json ... all add to the one `admin` area.
    const area = path.basename(file, '.json').split('-')[0];
    expect(Object.keys(english[file])).toEqual([area]);
    expect(Object.keys(somali[file])).toEqual([area]);
  });

  it.each(Object.keys(english))('%s uses the same interpolation values in both languages', (file) => {
    const placeholders = (value: unknown) => [...String(value).matchAll(/{{\s*(\w+)\s*}}/g)].map(([, name]) => name).sort();
    const somaliLeaves = flatten(somali[file]);
    for (const [key, value] of flatten(english[file])) {
      expect(placeholders(somaliLeaves.get(key)), key).toEqual(placeholders(value));
    }
  });
});
