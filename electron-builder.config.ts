/**
 * The packages (docs/packaging.md): Linux AppImage and deb, Windows NSIS, macOS dmg, each registering
 * Ringside for `tel:` and `callto:` links. package.json's "build" extends this file, so a bare
 * `electron-builder` finds it; `npm run dist` builds first.
 *
 * - app.asar holds out/ (the built app; no source maps), package.json, the icons the app shows while it
 *   runs, and the production dependencies electron-builder adds itself, less what they carry only for
 *   building or reading (sources, docs, tests, other platforms' binaries). The demo PBX ships: it is the
 *   first run's default.
 * - Native modules are N-API (better-sqlite3's prebuilds, keytar): built once, for every Electron, so
 *   nothing is rebuilt for Electron's ABI (a rebuild would download Electron's headers), and their .node
 *   files are unpacked beside the archive (the OS loads them from disk).
 * - Fuses are flipped after packing, before signing (scripts/packaging/applyFuses.ts).
 * - Code signing and notarization take their secrets from the environment only (docs/packaging.md):
 *   nothing here names a certificate, an identity or a password.
 */
import type { Configuration } from 'electron-builder';
import { applyFuses } from './scripts/packaging/applyFuses';
import { APP_ID } from './src-main/shell/appIdentity';
import { LINK_SCHEMES, LINUX_DESKTOP_FILE } from './src-main/shell/protocol';

/** The icons the running app reads (src-main/shell/appIdentity.ts), from resources/ inside app.asar. */
export const RUNTIME_ICONS = [
  'resources/icon.png',
  'resources/tray.png',
  'resources/tray@2x.png',
  'resources/tray.ico',
  'resources/trayTemplate.png',
  'resources/trayTemplate@2x.png',
];

/** What production dependencies carry that the app never loads. */
export const DEPENDENCY_EXCLUSIONS = [
  '!**/node_modules/**/{test,tests,__tests__,spec,docs,doc,example,examples,benchmark,benchmarks,coverage}/**',
  '!**/node_modules/**/*.{md,markdown,map,ts,mts,cts,flow,tsbuildinfo}',
  '!**/node_modules/**/{binding.gyp,*.gypi,Makefile,*.mk,*.c,*.cc,*.cpp,*.h,*.hpp,*.o,*.obj}',
  '!**/node_modules/**/build/Release/{obj,obj.target,.deps}/**',
  '!**/node_modules/**/build/{Makefile,config.gypi,*.Makefile,*.mk}',
  // better-sqlite3's SQLite sources and C++ (its prebuilt binaries are what loads); keytar's C++.
  '!**/node_modules/better-sqlite3/{deps,src}/**',
  '!**/node_modules/keytar/src/**',
  // Headers for compiling native modules.
  '!**/node_modules/node-addon-api/**',
  // better-sqlite3 ships a binary for every platform; a package keeps the one it runs on. (`${platform}` and
  // `${arch}` are electron-builder's: the build machine's platform, the target's arch. Native modules come
  // from this machine's node_modules, so a package is built on the OS it is for.)
  '!**/node_modules/better-sqlite3/prebuilds/!(${platform}-${arch}).node',
  // koffi trims glibc's malloc for the browser host (plain Node); in Electron malloc is Chromium's, which
  // returns free pages itself, so the app never loads it (app/directory/trimMallocHeaps.ts).
  '!**/node_modules/{koffi,@koromix}/**',
];

const config: Configuration = {
  appId: APP_ID,
  productName: 'Ringside',
  copyright: 'Copyright © Ringside contributors',
  directories: { output: 'dist', buildResources: 'resources' },
  // Electron names the Linux window's app id (and the link handler's desktop entry) after this.
  extraMetadata: { desktopName: LINUX_DESKTOP_FILE },
  files: ['package.json', 'out/**/*', '!out/**/*.map', ...RUNTIME_ICONS, ...DEPENDENCY_EXCLUSIONS],
  // Only the native binaries leave the archive (not their packages' JavaScript, as smartUnpack would).
  asar: { smartUnpack: false },
  asarUnpack: ['**/*.node'],
  npmRebuild: false,
  nodeGypRebuild: false,
  buildDependenciesFromSource: false,
  protocols: [
    { name: 'Telephone link', schemes: LINK_SCHEMES.filter((scheme) => scheme !== 'ringside') },
    { name: 'Ringside team server link', schemes: ['ringside'] },
  ],
  afterPack: applyFuses,

  linux: {
    target: ['AppImage', 'deb'],
    executableName: 'ringside',
    icon: 'resources/icons',
    category: 'Office',
    synopsis: 'Click-to-dial and call control for contact-center agents',
    // The deb's Maintainer field; a distributor building for its agents puts its own here.
    maintainer: 'Ringside contributors',
  },
  deb: {
    // keytar reaches the Secret Service through libsecret; without it Ringside keeps secrets per session.
    recommends: ['libsecret-1-0'],
  },
  win: {
    target: ['nsis'],
    icon: 'resources/icon.ico',
  },
  nsis: {
    oneClick: false,
    perMachine: false,
    allowElevation: true,
    allowToChangeInstallationDirectory: true,
    include: 'resources/installer.nsh',
  },
  mac: {
    target: ['dmg'],
    icon: 'resources/icon.icns',
    category: 'public.app-category.business',
    hardenedRuntime: true,
    entitlements: 'resources/entitlements.mac.plist',
    entitlementsInherit: 'resources/entitlements.mac.plist',
  },
  dmg: { title: 'Ringside ${version}' },
};

export default config;
