import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The web app's first bundle uses these modules (dates, the receipt filter, permissions, money,
// quantities, texts' constants) but no schema: with `sideEffects` in package.json the bundler
// leaves zod (a large share of the first-load budget) out of it only while none of them imports zod or a schema module
// (value imports; `import type` is erased). docs/benchmarks.md, "Initial JavaScript".
const SHELL_MODULES = [
  'cut.ts',
  'dates.ts',
  'enums.ts',
  'money.ts',
  'permissions.ts',
  'pricing.ts',
  'printing.ts',
  'quantities.ts',
  'receipt-filter.ts',
  'receipt-states.ts',
  'receipts.ts',
  'text.ts',
  // Not in the first bundle, but the receipt list's: its clients' order and 'Exportar' labels.
  'client-order.ts',
  'exports.ts',
  // The receivables report's CSV, built in the browser.
  'csv.ts',
];

function valueImports(file: string): string[] {
  const source = readFileSync(join(import.meta.dirname, '../src', file), 'utf8');
  return [...source.matchAll(/^import\s+(?!type\b)[^;]*?from\s+'([^']+)'/gms)].map((m) => m[1]!);
}

describe('modules the web shell loads', () => {
  it.each(SHELL_MODULES)('%s imports neither zod nor a schema module', (file) => {
    const imports = valueImports(file);
    expect(imports.filter((from) => from === 'zod' || from.startsWith('zod/') || from.includes('schemas/'))).toEqual(
      [],
    );
  });

  it('reads value imports, not type imports', () => {
    expect(valueImports('products.ts')).not.toContain('./schemas/products.js');
    expect(valueImports('schemas/common.ts')).toContain('zod');
  });
});
