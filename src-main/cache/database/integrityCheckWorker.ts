/**
 * The integrity check's worker thread (see integrityCheck.ts): opens the file read-only, runs quick_check,
 * posts the answer and ends. Built by electron.vite.config.ts as out/main/integrityCheckWorker.js.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { failedCheckReply, quickCheckFile, type IntegrityCheckReply } from './integrityCheck';

const { path } = workerData as { path: string };
let reply: IntegrityCheckReply;
try {
  reply = { result: quickCheckFile(path) };
} catch (error) {
  reply = failedCheckReply(error);
}
parentPort!.postMessage(reply);
