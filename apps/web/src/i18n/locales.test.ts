// Every locale must have every key English has, in every namespace file, with a non-empty value and the
// same {{placeholders}} (DESIGN section 7). A missing key would silently fall back to English.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES } from '@coin/shared/languages';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('./locales', import.meta.url));
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

type Flat = Map<string, unknown>;

function flatten(value: unknown, prefix = '', out: Flat = new Map()): Flat {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else {
    out.set(prefix, value);
  }
  return out;
}

function load(lang: string, file: string): Flat | undefined {
  try {
    return flatten(JSON.parse(readFileSync(join(root, lang, file), 'utf8')));
  } catch {
    return undefined;
  }
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.-]+)[^}]*\}\}/g)].map((m) => m[1] ?? '').sort();
}

const namespaceFiles = readdirSync(join(root, 'en')).filter((f) => f.endsWith('.json'));

describe('locales', () => {
  it('English has namespace files', () => {
    expect(namespaceFiles.length).toBeGreaterThan(0);
  });

  it('has a folder with a chunk entry for each of the 14 languages', () => {
    for (const lang of LANGUAGES) {
      expect(readdirSync(join(root, lang)), lang).toContain('index.ts');
    }
  });

  for (const lang of LANGUAGES) {
    for (const file of namespaceFiles) {
      it(`${lang}/${file} has every English key, non-empty, with the same placeholders`, () => {
        const en = load('en', file);
        expect(en, `en/${file} must be valid JSON`).toBeDefined();
        const other = load(lang, file);
        expect(other, `${lang}/${file} is missing or not valid JSON`).toBeDefined();
        if (!en || !other) return;
        const problems: string[] = [];
        for (const [key, enValue] of en) {
          // Plural forms differ per language; English `x_one`/`x_other` require at least `x_other`.
          const plural = PLURAL_SUFFIX.exec(key);
          const lookup = plural ? `${key.slice(0, plural.index)}_other` : key;
          const value = other.get(lookup);
          if (typeof value !== 'string' || value.trim() === '') {
            problems.push(`${lookup}: missing or empty`);
            continue;
          }
          if (typeof enValue === 'string') {
            const want = placeholders(enValue);
            const got = placeholders(value);
            if (want.join() !== got.join()) {
              problems.push(
                `${lookup}: placeholders {{${want.join(', ')}}} expected, got {{${got.join(', ')}}}`,
              );
            }
          }
        }
        expect(problems, `${lang}/${file}`).toEqual([]);
      });
    }
  }
});
