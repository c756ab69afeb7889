/** The reachability probe that explains a failed download, against mirrors on 127.0.0.1. */
import { afterEach, describe, expect, it } from 'vitest';
import { probeMirror } from '../../scripts/launcher/index.mjs';
import { refusingMirrorUrl, startElectronMirror, type StandInMirror } from './support/electronMirror';

const RELEASE = 'v45.4.1/electron-v45.4.1-linux-x64.zip';
let mirror: StandInMirror | undefined;

afterEach(async () => {
  await mirror?.close();
  mirror = undefined;
});

describe('probeMirror', () => {
  it('reaches a mirror through the proxy HTTP_PROXY names', async () => {
    mirror = await startElectronMirror({
      kind: 'serve',
      version: '45.4.1',
      fileName: 'electron-v45.4.1-linux-x64.zip',
      archive: Buffer.from('zip'),
    });
    const probed = await probeMirror(`http://electron-mirror.invalid/${RELEASE}`, {
      env: { HTTP_PROXY: mirror.url },
    });
    expect(probed).toEqual({ reachable: true, status: 200 });
    expect(mirror.requests).toEqual(['CONNECT electron-mirror.invalid:80', `HEAD /${RELEASE}`]);
  });

  it('names the HTTP status of a mirror without the release', async () => {
    mirror = await startElectronMirror({ kind: 'not-found' });
    const url = `${mirror.url}${RELEASE}`;
    expect(await probeMirror(url, { env: {} })).toEqual({
      reachable: false,
      problem: `${new URL(mirror.url).host} answered HTTP 404 for ${url}`,
    });
  });

  it('names a refused connection, and the proxy when it is the proxy that refuses', async () => {
    const refusing = await refusingMirrorUrl();
    const host = new URL(refusing).host;
    expect(await probeMirror(`${refusing}${RELEASE}`, { env: {} })).toEqual({
      reachable: false,
      problem: `${host} refused the connection (ECONNREFUSED)`,
    });
    const viaProxy = await probeMirror(`https://github.com/${RELEASE}`, {
      env: { HTTPS_PROXY: refusing.replace('://', '://user:secret@') },
    });
    expect(viaProxy).toEqual({
      reachable: false,
      problem: `the proxy http://***@${host}/ (for github.com) refused the connection (ECONNREFUSED)`,
    });
  });

  it('gives up on a mirror that does not answer', async () => {
    mirror = await startElectronMirror({ kind: 'silent' });
    const started = Date.now();
    const probed = await probeMirror(`${mirror.url}${RELEASE}`, { env: {}, timeoutMs: 300 });
    expect(probed).toEqual({
      reachable: false,
      problem: `${new URL(mirror.url).host} did not answer within 0.3 s`,
    });
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
