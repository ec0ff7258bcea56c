// Generates generated/openapi.ts from openapi.yaml (openapi-typescript). With --check, fails when
// the committed file is stale instead of writing it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const target = path.join(root, 'generated', 'openapi.ts');
const header =
  '// GENERATED FILE: DO NOT EDIT. Source: openapi.yaml. Regenerate with `npm run gen:types`.\n/* eslint-disable */\n';

const ast = await openapiTS(new URL(`file://${path.join(root, 'openapi.yaml')}`));
const text = header + astToString(ast);

if (process.argv.includes('--check')) {
  const current = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : '';
  if (current !== text) {
    process.stderr.write('generated/openapi.ts is stale: run `npm run gen:types` and commit the result\n');
    process.exit(1);
  }
  process.stdout.write('generated/openapi.ts is fresh\n');
} else {
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, text);
  process.stdout.write(`wrote ${path.relative(root, target)}\n`);
}
