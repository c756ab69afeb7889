/**
 * What the layering lint (eslint.config.js, the project's real config) says about one planted import, as if
 * the code lived at `filePath`: each host's layering test asks it what its folder may and may not import.
 */
import { resolve } from 'node:path';
import { ESLint } from 'eslint';

const root = resolve(import.meta.dirname, '../..');
let eslint: ESLint | undefined;

/** The `no-restricted-imports` messages for `code` (which binds `imported`) at `filePath`. */
export async function layeringComplaints(code: string, filePath: string): Promise<string[]> {
  eslint ??= new ESLint({ cwd: root });
  const [result] = await eslint.lintText(`${code}\nexport const planted = imported;\n`, {
    filePath: resolve(root, filePath),
  });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((m) => m.message);
}
