/**
 * The production build (electron.vite.config.ts) and what it leaves in out/: minified bundles, no source
 * maps, development mode decided at build time (`npm run dev` is the only `serve`), so the built main
 * process carries no code that reads ELECTRON_RENDERER_URL; electron-log's Node build, which registers no
 * IPC; the renderer's CSP in one place. The checks of out/ need a build (`npx electron-vite build`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import defineRingsideConfig, {
  developmentCsp,
  developmentPolicy,
  RENDERER_META_POLICY,
} from '../../../electron.vite.config';
import { CONTENT_SECURITY_POLICY } from '../../../src-main/web/securityHeaders';
import { missingBuild, projectRoot } from './standInElectron';

type ConfigFunction = (env: { command: 'build' | 'serve'; mode: string }) => {
  main: { define: Record<string, string>; build: Record<string, unknown> };
  preload: { build: Record<string, unknown> };
  renderer: { build: Record<string, unknown>; html?: { cspNonce?: string } };
};
const configFor = (command: 'build' | 'serve') =>
  (defineRingsideConfig as unknown as ConfigFunction)({
    command,
    mode: command === 'serve' ? 'development' : 'production',
  });

describe('the build configuration', () => {
  it('makes development mode a build-time constant that only `electron-vite dev` sets', () => {
    expect(configFor('build').main.define['__RINGSIDE_DEV__']).toBe('false');
    expect(configFor('serve').main.define['__RINGSIDE_DEV__']).toBe('true');
  });

  it('minifies every production bundle and writes no source maps', () => {
    const build = configFor('build');
    for (const part of [build.main, build.preload, build.renderer]) {
      expect(part.build).toMatchObject({ minify: true, sourcemap: false });
    }
    expect(configFor('serve').renderer.html).toEqual({ cspNonce: expect.any(String) });
    expect(build.renderer.html).toBeUndefined();
  });

  it("keeps the renderer's CSP in one place: index.html's meta is the app:// header, less frame-ancestors", () => {
    const html = readFileSync(join(projectRoot, 'src-renderer', 'index.html'), 'utf8');
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1];
    expect(meta).toBe(RENDERER_META_POLICY);
    expect(CONTENT_SECURITY_POLICY).toBe(`${RENDERER_META_POLICY}; frame-ancestors 'none'`);
    expect(RENDERER_META_POLICY).toContain("script-src 'self'");
    expect(RENDERER_META_POLICY).toContain("object-src 'none'");
  });

  it('allows in development only what Vite needs: its injected styles, by a nonce', () => {
    expect(developmentPolicy('abc')).toBe(
      RENDERER_META_POLICY.replace("style-src 'self'", "style-src 'self' 'nonce-abc'"),
    );
    expect(developmentPolicy('abc')).not.toContain('unsafe');
    const plugin = developmentCsp('abc');
    expect(plugin.apply).toBe('serve');
    const transform = plugin.transformIndexHtml as (html: string) => string;
    const html = readFileSync(join(projectRoot, 'src-renderer', 'index.html'), 'utf8');
    expect(transform(html)).toContain(`content="${developmentPolicy('abc')}"`);
    expect(() => transform('<html></html>')).toThrow(/no Content-Security-Policy/);
  });
});

const buildProblem = missingBuild();

function filesUnder(directory: string): string[] {
  return readdirSync(join(projectRoot, directory), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

describe.skipIf(buildProblem !== null)('the built app in out/', () => {
  it('has no source maps and points to none', () => {
    const files = filesUnder('out');
    expect(files.filter((file) => file.endsWith('.map'))).toEqual([]);
    for (const file of files.filter((name) => /\.(c?js|css)$/.test(name))) {
      expect(readFileSync(file, 'utf8'), file).not.toContain('sourceMappingURL');
    }
  });

  it('is minified: no comments left, not even those of the composition root', () => {
    for (const file of filesUnder('out').filter((name) => /\.(c?js|css)$/.test(name))) {
      const text = readFileSync(file, 'utf8');
      expect(text, file).not.toContain('/**');
      expect(text, file).not.toMatch(/^\s*\/\/ /m);
    }
    const main = readFileSync(join(projectRoot, 'out', 'main', 'index.js'), 'utf8');
    expect(main).not.toContain('Composition root of the main process');
    expect(main.split('\n').length).toBeLessThan(10);
  });

  it('has a main process that never reads ELECTRON_RENDERER_URL and loads no electron-log IPC', () => {
    for (const file of filesUnder('out/main')) {
      const text = readFileSync(file, 'utf8');
      expect(text, file).not.toContain('ELECTRON_RENDERER_URL');
      expect(text, file).not.toContain('electron-log/main');
      expect(text, file).not.toContain('__ELECTRON_LOG__');
    }
  });
});
