/**
 * Reads a certificate file the agent chose ("trust exactly this certificate", for an on-premises PBX or a
 * team server): its PEM text, and main's description of it. A file that is no usable certificate throws an
 * Error whose message names the file and says why, for the field's error.
 */
import type { CertificateSummary } from '../../src-main/shared/contract';
import { fieldMessage } from './errors';
import { t } from './i18n.svelte';
import { invoke } from './ringside';

export interface ChosenCertificate {
  pem: string;
  summary: CertificateSummary;
}

export async function readCertificateFile(file: File): Promise<ChosenCertificate> {
  try {
    const pem = await file.text();
    return { pem, summary: await invoke('certificate:inspect', { pem }) };
  } catch (error) {
    throw new Error(t('settings.certificateFileError', { file: file.name, message: fieldMessage(error) }), {
      cause: error,
    });
  }
}
