import { describe, expect, it } from 'vitest';
import { browserHostMissingMessage, fallbackParagraph, wrap } from '../../scripts/launcher/index.mjs';

const lines = (text: string) => text.split('\n');

describe('fallbackParagraph', () => {
  it('says what failed and every way to the desktop app, in one short paragraph', () => {
    const paragraph = fallbackParagraph({
      reason: 'no-electron',
      problem: 'github.com could not be found (ENOTFOUND: no network, or no DNS)',
      electronVersion: '45.4.1',
    });
    expect(paragraph).not.toContain('\n\n');
    expect(lines(paragraph).length).toBeLessThanOrEqual(6);
    const flat = paragraph.replace(/\n/g, ' ');
    expect(flat).toContain('Electron 45.4.1 could not be installed: github.com could not be found');
    expect(flat).toContain('starts in your browser instead');
    for (const remedy of ['HTTPS_PROXY', 'ELECTRON_MIRROR', '`npx install-electron`', 'docs/starting.md']) {
      expect(flat).toContain(remedy);
    }
  });

  it('without a display, names the variables, says plainly to open the link, and where the desktop app runs', () => {
    const flat = fallbackParagraph({ reason: 'no-display', electronVersion: '45.4.1' }).replace(/\n/g, ' ');
    expect(flat).toContain('neither DISPLAY nor WAYLAND_DISPLAY is set');
    expect(flat).toContain('no browser can be opened from here either. Open the link printed below');
    expect(flat).toContain('on a machine with a display');
    // No browser opens by itself here: the paragraph must not promise one.
    expect(flat).not.toContain('starts in your browser');
  });

  it('names the missing browser host', () => {
    expect(browserHostMissingMessage('out/main/browserHost.js').replace(/\n/g, ' ')).toContain(
      'the browser host (out/main/browserHost.js) is not part of this build yet',
    );
  });
});

describe('wrap', () => {
  it('breaks at spaces within the width, and keeps a longer word whole', () => {
    expect(wrap('aa bb cc dd', 5)).toBe('aa bb\ncc dd');
    expect(wrap('a https://a.very.long.example/url b', 10)).toBe('a\nhttps://a.very.long.example/url\nb');
    for (const line of lines(wrap('word '.repeat(60).trim(), 100)))
      expect(line.length).toBeLessThanOrEqual(100);
  });
});
