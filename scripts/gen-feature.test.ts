import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { generateFeature, migrationStamp, namesOf, replaceNames, TEMPLATE } from './gen-feature.ts';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

describe('gen:feature', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('spells a name in every case', () => {
    expect(namesOf('travel-voucher')).toMatchObject({
      kebabPlural: 'travel-vouchers',
      camel: 'travelVoucher',
      camelPlural: 'travelVouchers',
      pascalPlural: 'TravelVouchers',
      snake: 'travel_voucher',
      upperSnake: 'TRAVEL_VOUCHER',
      flat: 'travelvoucher',
    });
    expect(namesOf('bus-company').kebabPlural).toBe('bus-companies');
    expect(() => namesOf('Travel_Voucher')).toThrow();
    expect(replaceNames('DefaultComponents defaultComponent /defaultcomponent', TEMPLATE, namesOf('bus'))).toBe(
      'Buses bus /bus',
    );
    expect(migrationStamp(new Date('2027-03-04T05:06:07Z'))).toBe('2027_03_04_0506');
  });

  it('copies the default component into a new feature with no template name left, as valid TypeScript', async () => {
    const out = await mkdtemp(join(tmpdir(), 'gen-feature-'));
    dirs.push(out);
    const { written, lines } = await generateFeature({
      repoRoot,
      outRoot: out,
      name: 'travel-voucher',
      now: new Date('2027-03-04T05:06:00Z'),
    });
    expect(written).toContain('apps/server/src/features/travel-vouchers/travel-vouchers.routes.ts');
    expect(written).toContain('apps/server/src/db/migrations/2027_03_04_0506_create_travel_voucher.ts');
    expect(written).toContain('apps/web/src/features/travel-vouchers/travel-voucher-pages.tsx');
    expect(written).toContain('packages/contracts/src/travel-vouchers.schema.ts');
    for (const path of written) {
      const text = await readFile(join(out, path), 'utf8');
      expect(text, path).not.toMatch(/default.?component|generator-docs|GeneratorDocs|2026_12_02_0600/i);
      if (path.endsWith('.json')) expect(() => JSON.parse(text)).not.toThrow();
      else {
        const result = ts.transpileModule(text, {
          reportDiagnostics: true,
          compilerOptions: { jsx: ts.JsxEmit.ReactJSX, module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2023 },
          fileName: path,
        });
        expect(result.diagnostics ?? [], path).toEqual([]);
      }
    }
    const routes = await readFile(
      join(out, 'apps/server/src/features/travel-vouchers/travel-vouchers.routes.ts'),
      'utf8',
    );
    expect(routes).toContain("api.get('/travelvoucher'");
    expect(routes).toContain('export async function travelVouchersRoutes');
    const table = await readFile(
      join(out, 'apps/server/src/features/travel-vouchers/travel-vouchers.table.ts'),
      'utf8',
    );
    expect(table).toContain('export type TravelVoucherTable');
    expect(lines.join('\n')).toContain("export * from './travel-vouchers.schema.ts';");
    expect(lines.join('\n')).toContain('travel_voucher: TravelVoucherTable;');

    // A second run writes nothing over the first.
    await expect(
      generateFeature({ repoRoot, outRoot: out, name: 'travel-voucher', now: new Date('2027-03-04T05:06:00Z') }),
    ).rejects.toThrow(/already there/);
  });
});
