/**
 * No text the agent reads is written into code: components, renderer helpers and main take their words from
 * the message catalogues (test/support/untranslatedText.ts says what counts as text). The demo PBX is a
 * simulator of someone else's system and speaks English on purpose; the catalogues themselves are text.
 */
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesUnder } from '../../support/findInFiles';
import { findUntranslated } from '../../support/untranslatedText';

const root = join(import.meta.dirname, '../../..');
const skipped = [join('src-main', 'demo-pbx') + sep, join('src-main', 'shared', 'i18n') + sep];

function sourceFiles(folder: string): string[] {
  return filesUnder(join(root, folder)).filter(
    (file) =>
      /\.(ts|svelte)$/.test(file) &&
      !file.endsWith('.d.ts') &&
      !skipped.some((part) => relative(root, file).startsWith(part)),
  );
}

describe('text outside the message catalogues', () => {
  for (const folder of ['src-renderer', 'src-main']) {
    it(`finds none in ${folder}`, () => {
      const findings = findUntranslated(sourceFiles(folder)).map(
        (finding) => `${relative(root, finding.file)}:${finding.line} ${JSON.stringify(finding.text)}`,
      );
      expect(findings).toEqual([]);
    });
  }

  it('recognises text in markup, attributes and scripts, and leaves code and logs alone', async () => {
    const { findInSvelte, findInScript } = await import('../../support/untranslatedText');
    const markup = `<script lang="ts">const label = 'Hang up the call';\nlogger.warn('Not for people.');</script>
<button class="primary wide" aria-label="Close the panel" title={t('common.close')}>Answer</button>`;
    expect(findInSvelte('x.svelte', markup).map((finding) => finding.text)).toEqual([
      'aria-label="Close the panel"',
      'Answer',
      'Hang up the call',
    ]);
    const script = `throw new Error('Internal only.'); const sql = 'SELECT id FROM users'; show('The PBX is offline.');`;
    expect(findInScript('x.ts', script).map((finding) => finding.text)).toEqual(['The PBX is offline.']);
    // An accessible name built in state: a count in front of lowercase words, as a literal and a template.
    const badge =
      "label = count === 1 ? '1 missed call not seen yet' : `${count} missed calls not seen yet`;";
    expect(findInScript('x.svelte.ts', badge).map((finding) => finding.text)).toEqual([
      '1 missed call not seen yet',
      'x  missed calls not seen yet',
    ]);
  });

  it('finds accessible names and labels of a single word, and text in templates of markup', async () => {
    const { findInSvelte, findInScript } = await import('../../support/untranslatedText');
    const state = `const button = { label: 'Answer', 'aria-label': 'Close', title: t('calls.hold') };
element.setAttribute('aria-label', 'Resume'); element.setAttribute('class', 'primary'); icon.title = 'Hold';
const item = { label: 'extension' }; // i18n-exempt: a label code, worded where shown`;
    expect(findInScript('x.svelte.ts', state).map((finding) => finding.text)).toEqual([
      'Answer',
      'Close',
      'Resume',
      'Hold',
    ]);
    const markup =
      '<button aria-label={`Dial ${number} now`} title={`${count}`}>{t(`calls.${key}`)}</button>';
    expect(findInSvelte('x.svelte', markup).map((finding) => finding.text)).toEqual(['Dial x  now']);
  });
});
